/** The device worker's reader of own data sets: this browser's IndexedDB (the same store the data set worker writes). */
import type { OwnDatasetId } from '../config/datasets';
import { openIdbRecords } from '../data/own/idbRecords';
import { ownDataStore } from '../data/own/store';
import { loadOwnDataset } from '../data/own/trainable';
import type { ImageDataset } from '../data/types';

export async function readOwnDatasetFromIdb(id: OwnDatasetId): Promise<ImageDataset> {
  return loadOwnDataset(id, ownDataStore(await openIdbRecords()));
}
