import { describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { makeDrawnDataset, type DrawnClass } from './drawn';
import { MAX_DRAWN_PER_CLASS } from './limits';
import { toModelImage, type DecodedImage } from './pixels';
import { OPTIONS } from './testing/fixtures';
import { drawShape, grayToRgba, type Shape } from './testing/pictures';

const SIDE = 280;
/** A drawing as the page sends it: the pad's ink, light on black, one byte a pixel. */
const drawing = (shape: Shape, variant: number): DecodedImage => ({ width: SIDE, height: SIDE, channels: 1, pixels: drawShape(shape, SIDE, SIDE, variant) });
/** A camera frame as the page sends it: RGBA, 4:3, dark shape on a light scene. */
const frame = (shape: Shape, variant: number): DecodedImage => ({ width: 160, height: 120, channels: 4, pixels: grayToRgba(drawShape(shape, 160, 120, variant, 20, 230)) });

const classes = (perClass: readonly number[], make = drawing): DrawnClass[] =>
  (['cross', 'ring', 'square'] as const).slice(0, perClass.length).map((shape, c) => ({ name: shape, pictures: Array.from({ length: perClass[c] }, (_, v) => make(shape, v)) }));

const refusal = (drawn: readonly DrawnClass[], options = OPTIONS) => {
  const made = makeDrawnDataset(drawn, options);
  if (made.ok) return '(made)';
  expect(sayable(made.error)).toBe(true);
  return english(made.error);
};

describe('makeDrawnDataset', () => {
  it('makes the document of an import: the classes in order, 28 x 28 grayscale, each class in both splits', () => {
    const made = makeDrawnDataset(classes([10, 10, 10]), OPTIONS);
    if (!made.ok) throw new Error(english(made.error));
    const { dataset } = made;
    expect(dataset).toMatchObject({ name: 'Shapes', classNames: ['cross', 'ring', 'square'], format: { size: 28, channels: 1 }, seed: 7 });
    expect([dataset.train.count, dataset.test.count]).toEqual([24, 6]);
    const perClass = (labels: Uint8Array) => [0, 1, 2].map((c) => labels.filter((l) => l === c).length);
    expect(perClass(dataset.train.labels)).toEqual([8, 8, 8]);
    expect(perClass(dataset.test.labels)).toEqual([2, 2, 2]);
  });

  it('makes each picture with the importers’ pipeline: fitted, centred, light on dark (a light camera scene inverted)', () => {
    const made = makeDrawnDataset(classes([2, 2], frame), OPTIONS);
    if (!made.ok) throw new Error(english(made.error));
    const all = [...made.dataset.train.labels.keys()].map((i) => made.dataset.train.images.subarray(i * 784, (i + 1) * 784));
    const expected = [0, 1].flatMap((v) => (['cross', 'ring'] as const).map((s) => toModelImage(frame(s, v), 28)));
    for (const image of all) expect(expected.some((e) => Buffer.compare(Buffer.from(e), Buffer.from(image)) === 0)).toBe(true);
    // 160 x 120 fits as 28 x 21, centred: the top rows stay black.
    expect(all[0].subarray(0, 28 * 3).every((v) => v === 0)).toBe(true);
  });

  it.each([
    [[10, 1, 10], "class 'ring' has only 1 example; every class needs at least 2, one to train on and one to test"],
    [[10, 10, 0], "class 'square' has no examples; every class needs at least 2, one to train on and one to test"],
    [[MAX_DRAWN_PER_CLASS + 1, 2], "class 'cross' has 51 examples, over the 50 a class may hold"],
  ])('refuses %j examples per class in a sentence: %s', (perClass, reason) => {
    expect(refusal(classes(perClass))).toBe(`These examples cannot be made into a data set: ${reason}.`);
  });

  it('refuses names over the caps, twice the same name, one class, and more than ten', () => {
    const two = classes([2, 2]);
    const named = (...names: string[]) => names.map((name, i) => ({ name, pictures: two[i % 2].pictures }));
    expect(refusal(named('cross', 'x'.repeat(41)))).toBe(
      'These examples cannot be made into a data set: class 1 has no usable name (text of 1 to 40 characters, without control characters or spaces at either end).',
    );
    expect(refusal(named('cross', 'cross'))).toBe("These examples cannot be made into a data set: the class name 'cross' appears twice.");
    expect(refusal(named('cross'))).toBe('These examples cannot be made into a data set: it has 1 class; a data set needs at least 2.');
    expect(refusal(named(...'ABCDEFGHIJK'))).toBe('These examples cannot be made into a data set: it has 11 classes; a data set made by drawing has at most 10.');
    expect(refusal(two, { ...OPTIONS, name: 'n'.repeat(81) })).toBe(
      'These examples cannot be made into a data set: its name must be text of 1 to 80 characters, without control characters or spaces at either end.',
    );
  });

  it('refuses a picture whose pixels do not fit its size, or larger than the page sends', () => {
    const bad = classes([2, 2]);
    const broken = [{ ...bad[0], pictures: [bad[0].pictures[0], { width: 10, height: 10, channels: 1, pixels: new Uint8Array(99) }] }, bad[1]];
    expect(refusal(broken)).toBe("These examples cannot be made into a data set: example 2 of class 'cross' is not a picture of 1 to 512 pixels a side.");
    const huge = [bad[0], { ...bad[1], pictures: [bad[1].pictures[0], { width: 513, height: 1, channels: 1, pixels: new Uint8Array(513) }] }];
    expect(refusal(huge)).toBe("These examples cannot be made into a data set: example 2 of class 'ring' is not a picture of 1 to 512 pixels a side.");
  });
});
