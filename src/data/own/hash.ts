/**
 * A data set's content hash: SHA-256 (crypto.subtle, in pages, workers and Node 20) over what makes
 * a training run on it repeatable: its class names, image format, seed, and its splits' images and
 * labels in order. Its name and date are left out, so renaming a data set keeps its hash. A shared
 * result link can carry it (the images themselves travel only in the file).
 *
 * Hashed bytes: UTF-8 JSON {"classNames","format","seed","train","test"} (the last two the counts),
 * a zero byte, then the training images, training labels, test images and test labels.
 */
import type { OwnDataset } from './types';

export async function ownDatasetHash(dataset: OwnDataset): Promise<string> {
  const identity = JSON.stringify({
    classNames: dataset.classNames,
    format: { size: dataset.format.size, channels: dataset.format.channels },
    seed: dataset.seed,
    train: dataset.train.count,
    test: dataset.test.count,
  });
  const head = new TextEncoder().encode(identity);
  const parts = [head, new Uint8Array(1), dataset.train.images, dataset.train.labels, dataset.test.images, dataset.test.labels];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
