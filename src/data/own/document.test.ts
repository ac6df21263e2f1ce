import { describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { makeOwnDataset } from './document';
import { MAX_CLASSES, MAX_IMAGES } from './limits';
import { classNames, OPTIONS, shapesPool } from './testing/fixtures';
import type { LabelledPool } from './types';

const refusal = (pool: LabelledPool, names: readonly string[], options = OPTIONS) => {
  const made = makeOwnDataset(pool, names, options);
  if (made.ok) return '(made)';
  expect(sayable(made.error)).toBe(true);
  return english(made.error);
};

describe('makeOwnDataset', () => {
  it('makes the document: its name, classes, 28 x 28 grayscale, both splits, seed and date', () => {
    const made = makeOwnDataset(shapesPool(5), classNames(3), OPTIONS);
    if (!made.ok) throw new Error(english(made.error));
    const { dataset } = made;
    expect(dataset).toMatchObject({ name: 'Shapes', classNames: ['cross', 'ring', 'square'], format: { size: 28, channels: 1 }, seed: 7, createdAt: OPTIONS.createdAt });
    expect([dataset.train.count, dataset.test.count]).toEqual([12, 3]);
    expect(dataset.train.images.length).toBe(12 * 784);
  });

  it.each([
    [['only'], 'it has 1 class; a data set needs at least 2'],
    [classNames(MAX_CLASSES + 1), 'it has 101 classes, over the 100 a data set may have'],
    [['cross', 'cross', 'ring'], "the class name 'cross' appears twice"],
    [['cross', '', 'ring'], 'class 1 has no usable name (text of 1 to 40 characters, without control characters or spaces at either end)'],
    [['cross', ' ring', 'square'], 'class 1 has no usable name (text of 1 to 40 characters, without control characters or spaces at either end)'],
    [['cross', 'x'.repeat(41), 'ring'], 'class 1 has no usable name (text of 1 to 40 characters, without control characters or spaces at either end)'],
    [['cross', 'ri\nng', 'square'], 'class 1 has no usable name (text of 1 to 40 characters, without control characters or spaces at either end)'],
  ])('refuses the class names %j: %s', (names, reason) => {
    expect(refusal(shapesPool(2, names.length), names)).toBe(`These examples cannot be made into a data set: ${reason}.`);
  });

  it('refuses an unusable data set name and more images than the cap, before splitting anything', () => {
    expect(refusal(shapesPool(2), classNames(3), { ...OPTIONS, name: '' })).toBe(
      'These examples cannot be made into a data set: its name must be text of 1 to 80 characters, without control characters or spaces at either end.',
    );
    const huge = { count: MAX_IMAGES + 1, images: new Uint8Array(0), labels: new Uint8Array(0) };
    expect(refusal(huge, classNames(3))).toBe('These examples cannot be made into a data set: it has 60,001 images, over the 60,000 a data set may have.');
  });
});
