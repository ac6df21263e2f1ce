import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { makeOwnDataset } from './document';
import { ownDatasetHash } from './hash';
import { classNames, OPTIONS, shapesPool } from './testing/fixtures';
import type { OwnDataset } from './types';

function dataset(seed = OPTIONS.seed): OwnDataset {
  const made = makeOwnDataset(shapesPool(5), classNames(3), { ...OPTIONS, seed });
  if (!made.ok) throw new Error(english(made.error));
  return made.dataset;
}

describe('ownDatasetHash', () => {
  it('is the SHA-256 of the documented bytes, as 64 hex digits', async () => {
    const doc = dataset();
    const identity = JSON.stringify({ classNames: doc.classNames, format: doc.format, seed: doc.seed, train: doc.train.count, test: doc.test.count });
    const expected = createHash('sha256')
      .update(identity)
      .update(new Uint8Array(1))
      .update(doc.train.images)
      .update(doc.train.labels)
      .update(doc.test.images)
      .update(doc.test.labels)
      .digest('hex');
    expect(await ownDatasetHash(doc)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores the name and date, and changes with a pixel, a label, a class name or the seed', async () => {
    const doc = dataset();
    const hash = await ownDatasetHash(doc);
    expect(await ownDatasetHash({ ...doc, name: 'Renamed', createdAt: '2030-01-01T00:00:00.000Z' })).toBe(hash);
    const pixel = doc.test.images.slice();
    pixel[100] ^= 1;
    expect(await ownDatasetHash({ ...doc, test: { ...doc.test, images: pixel } })).not.toBe(hash);
    const labels = doc.train.labels.slice();
    labels[0] = (labels[0] + 1) % 3;
    expect(await ownDatasetHash({ ...doc, train: { ...doc.train, labels } })).not.toBe(hash);
    expect(await ownDatasetHash({ ...doc, classNames: ['cross', 'ring', 'box'] })).not.toBe(hash);
    expect(await ownDatasetHash(dataset(8))).not.toBe(hash);
  });
});
