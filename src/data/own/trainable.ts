/** An own data set as the ImageDataset every model, view and job reads like MNIST; only 28 x 28 grayscale trains in this version. */
import type { OwnDatasetId } from '../../config/datasets';
import { msg, MessageError } from '../../i18n/message';
import type { ImageDataset } from '../types';
import type { OwnDataStore } from './store';
import { GRAY_28, type OwnDataset } from './types';

export function trainableDataset(id: OwnDatasetId, dataset: OwnDataset): ImageDataset {
  const { size, channels } = dataset.format;
  if (size !== GRAY_28.size || channels !== GRAY_28.channels) throw new MessageError(msg('ownData.formatNotTrainable', { name: dataset.name, size, channels }));
  return { id, classCount: dataset.classNames.length, train: dataset.train, test: dataset.test, own: { name: dataset.name, classNames: dataset.classNames } };
}

/** Reads an own data set from the store for training; refuses with a sentence when this browser does not hold it. */
export async function loadOwnDataset(id: OwnDatasetId, store: OwnDataStore): Promise<ImageDataset> {
  return trainableDataset(id, (await store.get(id)).dataset);
}
