import { isShippedDataset, type DatasetId, type OwnDatasetId } from '../config/datasets';
import { loadDataset } from '../data/loadDataset';
import type { AssetReader, ImageDataset, ImageSplit } from '../data/types';
import { valuesPerImage } from '../config/imageShape';
import { msg, MessageError, type Message } from '../i18n/message';

/** Reads one of your own data sets (kept in this browser's IndexedDB: src/engine/ownDatasets.ts). */
export type OwnDatasetReader = (id: OwnDatasetId) => Promise<ImageDataset>;

const noOwnDatasets: OwnDatasetReader = async (id) => {
  throw new MessageError(msg('ownData.notHeld', { id }));
};

/**
 * Keeps each decoded data set in worker memory so a second run does not download it again: the
 * shipped ones from their assets, your own from where they are kept (by content hash, so a cached
 * copy is always the same images). Either way the same ImageDataset, cut to the run's sizes.
 */
export class DatasetCache {
  private readonly loaded = new Map<DatasetId, Promise<ImageDataset>>();

  constructor(
    private readonly read: AssetReader,
    private readonly readOwn: OwnDatasetReader = noOwnDatasets,
  ) {}

  async get(
    id: DatasetId,
    limits: { train: number; test: number },
    onProgress: (fraction: number, message: Message) => void,
  ): Promise<ImageDataset> {
    let pending = this.loaded.get(id);
    if (!pending) {
      pending = isShippedDataset(id) ? loadDataset(id, this.read, onProgress) : this.own(id, onProgress);
      this.loaded.set(id, pending);
      pending.catch(() => this.loaded.delete(id));
    }
    const full = await pending;
    const perImage = valuesPerImage(full.shape);
    const cut: ImageDataset = { id, classCount: full.classCount, shape: full.shape, train: firstN(full.train, limits.train, perImage), test: firstN(full.test, limits.test, perImage) };
    return full.own ? { ...cut, own: full.own } : cut;
  }

  private async own(id: OwnDatasetId, onProgress: (fraction: number, message: Message) => void): Promise<ImageDataset> {
    const data = await this.readOwn(id);
    onProgress(1, msg('engine.data.loaded', { dataset: msg('ownData.datasetById', { id }), train: data.train.count, test: data.test.count }));
    return data;
  }
}

function firstN(split: ImageSplit, n: number, perImage: number): ImageSplit {
  const count = Math.min(n, split.count);
  return { count, images: split.images.subarray(0, count * perImage), labels: split.labels.subarray(0, count) };
}
