import type { DatasetId } from '../config/datasets';
import { loadDataset } from '../data/loadDataset';
import type { AssetReader, ImageDataset, ImageSplit } from '../data/types';
import { IMAGE_PIXELS } from '../config/tunables';
import type { Message } from '../i18n/message';

/** Keeps each decoded data set in worker memory so a second run does not download it again. */
export class DatasetCache {
  private readonly loaded = new Map<DatasetId, Promise<ImageDataset>>();

  constructor(private readonly read: AssetReader) {}

  async get(
    id: DatasetId,
    limits: { train: number; test: number },
    onProgress: (fraction: number, message: Message) => void,
  ): Promise<ImageDataset> {
    let pending = this.loaded.get(id);
    if (!pending) {
      pending = loadDataset(id, this.read, onProgress);
      this.loaded.set(id, pending);
      pending.catch(() => this.loaded.delete(id));
    }
    const full = await pending;
    return { id, classCount: full.classCount, train: firstN(full.train, limits.train), test: firstN(full.test, limits.test) };
  }
}

function firstN(split: ImageSplit, n: number): ImageSplit {
  const count = Math.min(n, split.count);
  return { count, images: split.images.subarray(0, count * IMAGE_PIXELS), labels: split.labels.subarray(0, count) };
}
