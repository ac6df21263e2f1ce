/**
 * A data set of your own as the export package's dataset.npz, made in the device worker where the set
 * already is (the page only puts the finished bytes in the zip): x_train, y_train, x_test, y_test as
 * uint8 like keras.datasets.mnist ([n, 28, 28] for grayscale) or keras.datasets.cifar10 ([n, 32, 32, 3] for
 * colour), and class_names. Deflated here, off the page's thread.
 */
import { isOwnDatasetId } from '../../config/datasets';
import { isColour, type ImageShape } from '../../config/imageShape';
import { MAX_EXPORT_DATASET_BYTES } from '../../data/own/limits';
import { megabytes } from '../../data/own/refusal';
import type { ImageDataset, ImageSplit } from '../../data/types';
import { msg, MessageError } from '../../i18n/message';
import type { ExportedDataset, NpyArray } from '../protocol/export';
import { encodeNpz, unicodeArray } from '../protocol/npy';

/** Grayscale without a channel axis, as keras.datasets.mnist; colour channel-last, as keras.datasets.cifar10. */
export function npzImageShape(count: number, shape: ImageShape): number[] {
  return isColour(shape) ? [count, shape.side, shape.side, shape.channels] : [count, shape.side, shape.side];
}

const images = (split: ImageSplit, shape: ImageShape): NpyArray => ({ dtype: 'uint8', shape: npzImageShape(split.count, shape), data: split.images });
const labels = (split: ImageSplit): NpyArray => ({ dtype: 'uint8', shape: [split.count], data: split.labels });

/** The whole set (both splits, as read: not cut to the run's sizes) as dataset.npz; refused in a sentence over `maxBytes` of images and labels. */
export function ownDatasetNpz(data: ImageDataset, maxBytes = MAX_EXPORT_DATASET_BYTES): ExportedDataset {
  if (!data.own || !isOwnDatasetId(data.id)) throw new Error(`${data.id} is not a data set of your own`);
  const { train, test } = data;
  const bytes = train.images.byteLength + train.labels.byteLength + test.images.byteLength + test.labels.byteLength;
  if (bytes > maxBytes) throw new MessageError(msg('ownData.exportTooBig', { name: data.own.name, size: megabytes(bytes), max: megabytes(maxBytes) }));
  const file = encodeNpz(
    { x_train: images(train, data.shape), y_train: labels(train), x_test: images(test, data.shape), y_test: labels(test), class_names: unicodeArray(data.own.classNames) },
    { deflate: true },
  );
  return { file, name: data.own.name, classNames: [...data.own.classNames], trainCount: train.count, testCount: test.count };
}
