/** An own data set as the ImageDataset every model, view and job reads like MNIST, its image shape from its format (28 x 28 x 1 or 32 x 32 x 3). */
import type { OwnDatasetId } from '../../config/datasets';
import { msg, MessageError } from '../../i18n/message';
import type { ImageDataset } from '../types';
import type { OwnDataStore } from './store';
import { isKnownFormat, type OwnDataset } from './types';

export function trainableDataset(id: OwnDatasetId, dataset: OwnDataset): ImageDataset {
  const { size, channels } = dataset.format;
  if (!isKnownFormat(dataset.format)) throw new MessageError(msg('ownData.formatNotTrainable', { name: dataset.name, size, channels }));
  return { id, classCount: dataset.classNames.length, shape: { side: size, channels }, train: dataset.train, test: dataset.test, own: { name: dataset.name, classNames: dataset.classNames } };
}

/** Reads an own data set from the store for training; refuses with a sentence when this browser does not hold it. */
export async function loadOwnDataset(id: OwnDatasetId, store: OwnDataStore): Promise<ImageDataset> {
  return trainableDataset(id, (await store.get(id)).dataset);
}
