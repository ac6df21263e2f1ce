import { describe, expect, it } from 'vitest';
import { toColourImage } from './colour';
import { toFormatImage } from './formatImage';
import { COLOUR_32, GRAY_28 } from './types';

const rgb = (...pixels: number[][]) => Uint8Array.from(pixels.flat());

describe('a picture made into a colour image', () => {
  it('keeps the centred square of a wide picture, channel-last, nothing inverted', () => {
    // 4 x 2: a red column, two green ones, a blue one; the centred 2 x 2 square is all green.
    const row = [[255, 0, 0], [0, 255, 0], [0, 255, 0], [0, 0, 255]];
    const image = toColourImage({ width: 4, height: 2, channels: 3, pixels: rgb(...row, ...row) }, 2);
    expect(Array.from(image)).toEqual([0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0]);
  });

  it('composites transparency over white and gives gray pictures three equal channels', () => {
    const clear = toColourImage({ width: 1, height: 1, channels: 4, pixels: rgb([0, 0, 0, 0]) }, 1);
    expect(Array.from(clear)).toEqual([255, 255, 255]);
    const gray = toColourImage({ width: 1, height: 1, channels: 1, pixels: rgb([70]) }, 2);
    expect(Array.from(gray)).toEqual(new Array(12).fill(70));
  });

  it('averages areas when it shrinks: a 4 x 4 picture of two colours halves to their mean per channel', () => {
    const pixels = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? [200, 0, 100] : [0, 100, 100]));
    expect(Array.from(toColourImage({ width: 4, height: 4, channels: 3, pixels: rgb(...pixels) }, 2))).toEqual([100, 50, 100, 100, 50, 100, 100, 50, 100, 100, 50, 100]);
  });

  it('is picked by the format: 32 x 32 x 3 bytes for colour, 28 x 28 for grayscale', () => {
    const picture = { width: 10, height: 10, channels: 3, pixels: new Uint8Array(300).fill(90) };
    expect(toFormatImage(picture, COLOUR_32)).toHaveLength(32 * 32 * 3);
    expect(toFormatImage(picture, GRAY_28)).toHaveLength(28 * 28);
  });
});
