import { datasetMessage, TEST_SET_SIZE, TRAIN_SET_SIZE, type DatasetId } from '../config/datasets';
import { SHIPPED_IMAGE_SHAPE } from '../config/imageShape';
import { IMAGE_PIXELS, NUM_CLASSES } from '../config/tunables';
import { msg, MessageError, type Message, type MessageId } from '../i18n/message';
import { assetPath, PART_NAMES, SPLIT_NAMES, type PartName, type SplitName } from './assetFiles';
import type { AssetReader, ImageDataset, ImageSplit } from './types';

export interface SplitLimits {
  /** Keep at most the first N training examples (all when absent). */
  train?: number;
  /** Keep at most the first N test examples (all when absent). */
  test?: number;
}

export type LoadProgress = (fraction: number, message: Message) => void;

const LOADING: Record<SplitName, Record<PartName, MessageId>> = {
  train: { images: 'engine.data.loadingTrainImages', labels: 'engine.data.loadingTrainLabels' },
  test: { images: 'engine.data.loadingTestImages', labels: 'engine.data.loadingTestLabels' },
};

/** Share of the whole download each file accounts for, by its usual raw size (progress only). */
function progressWeight(split: SplitName, part: PartName): number {
  const examples = split === 'train' ? TRAIN_SET_SIZE : TEST_SET_SIZE;
  const total = (TRAIN_SET_SIZE + TEST_SET_SIZE) * (IMAGE_PIXELS + 1);
  return (examples * (part === 'images' ? IMAGE_PIXELS : 1)) / total;
}

/** Loads the four files of a data set in parallel, checks them against each other, and keeps the first N examples. */
export async function loadDataset(id: DatasetId, read: AssetReader, onProgress?: LoadProgress, limits: SplitLimits = {}): Promise<ImageDataset> {
  const fractions = new Map<string, number>();
  const report = (split: SplitName, part: PartName, fraction: number) => {
    fractions.set(`${split}-${part}`, fraction);
    let overall = 0;
    for (const s of SPLIT_NAMES) {
      for (const p of PART_NAMES) overall += (fractions.get(`${s}-${p}`) ?? 0) * progressWeight(s, p);
    }
    onProgress?.(Math.min(1, overall), msg(LOADING[split][part], { dataset: datasetMessage(id) }));
  };
  const readPart = async (split: SplitName, part: PartName): Promise<Uint8Array> => {
    const bytes = await read(assetPath(id, split, part), (loaded, total) => {
      if (total > 0) report(split, part, Math.min(1, loaded / total));
    });
    report(split, part, 1);
    return bytes;
  };
  const [trainImages, trainLabels, testImages, testLabels] = await Promise.all([
    readPart('train', 'images'),
    readPart('train', 'labels'),
    readPart('test', 'images'),
    readPart('test', 'labels'),
  ]);
  const dataset: ImageDataset = {
    id,
    classCount: NUM_CLASSES,
    shape: SHIPPED_IMAGE_SHAPE,
    train: firstExamples(checkedSplit(id, 'train', trainImages, trainLabels), limits.train, `${id} train`),
    test: firstExamples(checkedSplit(id, 'test', testImages, testLabels), limits.test, `${id} test`),
  };
  onProgress?.(1, msg('engine.data.loaded', { dataset: datasetMessage(id), train: dataset.train.count, test: dataset.test.count }));
  return dataset;
}

/** Validates one split's files against each other; throws a MessageError naming the files on any mismatch. */
export function checkedSplit(id: DatasetId, split: SplitName, images: Uint8Array, labels: Uint8Array): ImageSplit {
  const imagesFile = assetPath(id, split, 'images');
  const labelsFile = assetPath(id, split, 'labels');
  if (labels.length === 0) throw new MessageError(msg('engine.data.empty', { file: labelsFile }));
  if (images.length % IMAGE_PIXELS !== 0) {
    throw new MessageError(msg('engine.data.partialImage', { file: imagesFile, bytes: String(images.length), pixels: IMAGE_PIXELS }));
  }
  if (images.length / IMAGE_PIXELS !== labels.length) {
    throw new MessageError(msg('engine.data.mismatch', { images: imagesFile, labels: labelsFile, imageCount: String(images.length / IMAGE_PIXELS), labelCount: String(labels.length) }));
  }
  const bad = labels.findIndex((label) => label >= NUM_CLASSES);
  if (bad >= 0) throw new MessageError(msg('engine.data.badLabel', { file: labelsFile, label: labels[bad], example: String(bad), max: NUM_CLASSES - 1 }));
  return { count: labels.length, images, labels };
}

/** The first `limit` examples (copied, so the full buffers can be freed), or the split itself when no limit applies. */
function firstExamples(split: ImageSplit, limit: number | undefined, name: string): ImageSplit {
  if (limit === undefined || limit >= split.count) return split;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Cannot keep ${limit} examples of ${name}: need a whole number >= 1.`);
  return { count: limit, images: split.images.slice(0, limit * IMAGE_PIXELS), labels: split.labels.slice(0, limit) };
}
