import { describe, expect, it } from 'vitest';
import { borderMean, lightOnDark, toGray, toModelImage } from './pixels';
import { drawShape } from './testing/pictures';

describe('a decoded picture made MNIST-like', () => {
  it('takes the BT.601 luma of RGB, and composites transparency over white', () => {
    const rgb = toGray({ width: 3, height: 1, channels: 3, pixels: Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255]) });
    expect([...rgb].map((v) => Math.round(v * 1000) / 1000)).toEqual([76.245, 149.685, 29.07]);
    const rgba = toGray({ width: 2, height: 1, channels: 4, pixels: Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 255]) });
    expect([...rgba]).toEqual([255, 0]);
    expect([...toGray({ width: 1, height: 1, channels: 2, pixels: Uint8Array.from([0, 51]) })]).toEqual([204]);
    expect([...toGray({ width: 2, height: 1, channels: 1, pixels: Uint8Array.from([7, 9]) })]).toEqual([7, 9]);
  });

  it('inverts a picture whose border is light, and keeps one whose border is dark', () => {
    const dark = Float32Array.from(drawShape('ring', 10, 10, 4));
    expect(borderMean(dark, 10, 10)).toBe(0);
    expect(lightOnDark(dark.slice(), 10, 10)).toEqual(dark);
    const light = Float32Array.from(drawShape('ring', 10, 10, 4, 0, 255));
    expect(lightOnDark(light, 10, 10)).toEqual(dark);
    // The rule's edge: a border mean of exactly 128 is light.
    const edge = new Float32Array(9).fill(128);
    expect(lightOnDark(edge, 3, 3)[4]).toBe(127);
  });

  it('makes black strokes on white paper, at any size, into a white-on-black 28 x 28 image', () => {
    const paper = drawShape('cross', 56, 56, 4, 0, 255);
    const ink = drawShape('cross', 56, 56, 4, 255, 0);
    const fromPaper = toModelImage({ width: 56, height: 56, channels: 1, pixels: paper }, 28);
    expect(fromPaper).toEqual(toModelImage({ width: 56, height: 56, channels: 1, pixels: ink }, 28));
    expect(fromPaper[0]).toBe(0);
    expect(fromPaper[14 * 28 + 14]).toBe(255);
  });
});
