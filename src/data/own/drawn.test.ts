import { describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { makeDrawnDataset, type DrawnClass } from './drawn';
import type { DrawnPicture } from './drawnPictures';
import { MAX_DRAWN_PER_CLASS } from './limits';
import { toModelImage, type DecodedImage } from './pixels';
import { OPTIONS } from './testing/fixtures';
import { drawShape, grayToRgba, type Shape } from './testing/pictures';

const SIDE = 280;
/** A drawing as the page sends it: the pad's ink, light on black, one byte a pixel. */
const drawing = (shape: Shape, variant: number): DecodedImage => ({ width: SIDE, height: SIDE, channels: 1, pixels: drawShape(shape, SIDE, SIDE, variant) });
/** A camera frame as the page sends it: RGBA, 4:3, dark shape on a light scene. */
const frame = (shape: Shape, variant: number): DecodedImage => ({ width: 160, height: 120, channels: 4, pixels: grayToRgba(drawShape(shape, 160, 120, variant, 20, 230)) });

/** A 40 x 40 camera frame of a scene near mid-grey: a square 60 lighter than its background, the whole frame `shift` brighter or darker. */
function scene(shift: number, camera = true): DrawnPicture {
  const side = 40;
  const gray = Uint8Array.from({ length: side * side }, (_, i) => {
    const [x, y] = [i % side, Math.floor(i / side)];
    return (x >= 10 && x < 30 && y >= 10 && y < 30 ? 188 : 128) + shift;
  });
  return { width: side, height: side, channels: 4, pixels: grayToRgba(gray), camera };
}

/** Every image of a made data set, train then test. */
function imagesOf(drawn: readonly DrawnClass[]): Uint8Array[] {
  const made = makeDrawnDataset(drawn, OPTIONS);
  if (!made.ok) throw new Error(english(made.error));
  return [made.dataset.train, made.dataset.test].flatMap((split) => [...split.labels.keys()].map((i) => split.images.subarray(i * 784, (i + 1) * 784)));
}

/** Whether the square (the middle) came out lighter than the background (a pixel near the corner). */
const squareLight = (image: Uint8Array) => image[14 * 28 + 14] > image[28 + 1];

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

  it('decides light on dark once for all the camera frames: frames of one scene a little brighter and darker than mid-grey keep one polarity', () => {
    const frames = (camera: boolean): DrawnClass[] => ['a', 'b'].map((name) => ({ name, pictures: [scene(7, camera), scene(-7, camera)] }));
    const polarities = imagesOf(frames(true)).map(squareLight);
    expect(polarities).toHaveLength(4);
    // Borders of 135 and 121 average 128, a light background: every frame inverted, the square dark.
    expect(polarities).toEqual([false, false, false, false]);
    // Judged one at a time (as imported pictures are), the brighter frames were inverted and the darker ones not.
    expect(new Set(imagesOf(frames(false)).map(squareLight)).size).toBe(2);
  });

  it('keeps drawings as the importers make them beside camera frames', () => {
    const drawings = [drawing('cross', 0), drawing('cross', 1)];
    const images = imagesOf([
      { name: 'cross', pictures: drawings },
      { name: 'scene', pictures: [scene(40), scene(30)] },
    ]);
    const expected = drawings.map((d) => Buffer.from(toModelImage(d, 28)));
    expect(images.filter((image) => expected.some((e) => e.equals(Buffer.from(image))))).toHaveLength(2);
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
