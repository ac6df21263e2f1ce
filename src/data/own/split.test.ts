import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { makeOwnDataset } from './document';
import { splitPool } from './split';
import { classNames, OPTIONS, shapesPool } from './testing/fixtures';

const NAMES = classNames(3);

function perClass(labels: Uint8Array, classes: number): number[] {
  const counts = new Array<number>(classes).fill(0);
  for (const label of labels) counts[label]++;
  return counts;
}

describe('splitPool', () => {
  it('keeps round(n x 0.2) of each class for testing, the rest for training, every image once', () => {
    const pool = shapesPool(10);
    const { train, test } = splitPool(pool, NAMES, 784, 7, 0.2);
    expect(perClass(test.labels, 3)).toEqual([2, 2, 2]);
    expect(perClass(train.labels, 3)).toEqual([8, 8, 8]);
    expect(train.count + test.count).toBe(30);
    const key = (images: Uint8Array, i: number) => images.subarray(i * 784, (i + 1) * 784).join();
    const all = new Set(Array.from({ length: 30 }, (_, i) => key(pool.images, i)));
    const seen = [...Array.from({ length: train.count }, (_, i) => key(train.images, i)), ...Array.from({ length: test.count }, (_, i) => key(test.images, i))];
    expect(new Set(seen)).toEqual(all);
  });

  it('keeps at least one image of each class on each side, even for 2 images or a tiny fraction', () => {
    const { train, test } = splitPool(shapesPool(2), NAMES, 784, 1, 0.01);
    expect(perClass(train.labels, 3)).toEqual([1, 1, 1]);
    expect(perClass(test.labels, 3)).toEqual([1, 1, 1]);
    expect(perClass(splitPool(shapesPool(3), NAMES, 784, 1, 0.5).test.labels, 3)).toEqual([2, 2, 2]);
  });

  it('is the same for the same seed and differs for another, and neither split is ordered by class', () => {
    const pool = shapesPool(20);
    const a = splitPool(pool, NAMES, 784, 42, 0.2);
    expect(splitPool(pool, NAMES, 784, 42, 0.2)).toEqual(a);
    expect(splitPool(pool, NAMES, 784, 43, 0.2).train.images).not.toEqual(a.train.images);
    expect([...a.train.labels]).not.toEqual([...a.train.labels].sort());
  });

  it('refuses a class with no image or only one, by its name', () => {
    const pool = shapesPool(4);
    const noSquare = makeOwnDataset({ count: 8, images: pool.images.subarray(0, 8 * 784), labels: pool.labels.subarray(0, 8) }, NAMES, OPTIONS);
    expect(noSquare.ok || english(noSquare.error)).toBe("These examples cannot be made into a data set: class 'square' has no images.");
    const oneSquare = makeOwnDataset({ count: 9, images: pool.images.subarray(0, 9 * 784), labels: pool.labels.subarray(0, 9) }, NAMES, OPTIONS);
    expect(oneSquare.ok || english(oneSquare.error)).toBe(
      "These examples cannot be made into a data set: class 'square' has only 1 image; every class needs at least 2, one to train on and one to test.",
    );
  });

  it('refuses a label past the last class', () => {
    const pool = shapesPool(4);
    pool.labels[5] = 3;
    const made = makeOwnDataset(pool, NAMES, OPTIONS);
    expect(made.ok || english(made.error)).toBe('These examples cannot be made into a data set: image 6 has label 3, but the data set has 3 classes (0 to 2).');
  });
});
