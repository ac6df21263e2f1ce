import { describe, expect, it } from 'vitest';
import { fitCentred, resizeArea } from './resize';

const ramp = (length: number) => Float32Array.from({ length }, (_, i) => i % 256);

describe('resizeArea', () => {
  it('leaves an image of the same size as it is', () => {
    const source = ramp(28 * 28);
    expect(resizeArea(source, 28, 28, 28, 28)).toEqual(source);
  });

  it('halves by averaging each 2 x 2 block', () => {
    const source = Float32Array.from([0, 4, 8, 8, 2, 6, 8, 8]);
    expect([...resizeArea(source, 4, 2, 2, 1)]).toEqual([3, 8]);
  });

  it('shrinks by a third with fractional weights, keeping the mean', () => {
    const source = ramp(9 * 9);
    const out = resizeArea(source, 9, 9, 6, 6);
    const mean = (a: Float32Array) => a.reduce((s, v) => s + v, 0) / a.length;
    expect(mean(out)).toBeCloseTo(mean(source), 3);
    // The first output pixel covers source pixel 0 fully and half of pixel 1: (1 * 0 + 0.5 * 1) / 1.5 on the first row.
    expect(resizeArea(Float32Array.from([0, 1, 2]), 3, 1, 2, 1)[0]).toBeCloseTo(1 / 3, 6);
  });

  it('enlarges by repeating pixels', () => {
    expect([...resizeArea(Float32Array.from([10, 20]), 2, 1, 4, 2)]).toEqual([10, 10, 20, 20, 10, 10, 20, 20]);
  });

  it('keeps a flat image flat at any ratio', () => {
    const out = resizeArea(new Float32Array(97 * 41).fill(200), 97, 41, 28, 12);
    expect(out.every((v) => Math.abs(v - 200) < 1e-3)).toBe(true);
  });
});

describe('fitCentred', () => {
  it('fits the longer side, keeps the aspect and centres the rest on black', () => {
    const out = fitCentred(new Float32Array(56 * 28).fill(255), 56, 28, 28);
    const rows = Array.from({ length: 28 }, (_, y) => out.subarray(y * 28, (y + 1) * 28).every((v) => v === 255));
    expect(rows.indexOf(true)).toBe(7);
    expect(rows.lastIndexOf(true)).toBe(20);
    expect(rows.filter(Boolean)).toHaveLength(14);
    expect(out.filter((v) => v !== 0 && v !== 255)).toHaveLength(0);
  });

  it('keeps a 1-pixel-high picture at least a pixel high, and rounds and clamps to bytes', () => {
    const out = fitCentred(new Float32Array(100).fill(300), 100, 1, 28);
    expect(out.subarray(13 * 28, 14 * 28).every((v) => v === 255)).toBe(true);
    expect(out.reduce((s, v) => s + v, 0)).toBe(255 * 28);
  });

  it('takes a 4096 x 4096 picture to 28 x 28 quickly', () => {
    const started = performance.now();
    const out = fitCentred(new Float32Array(4096 * 4096).fill(128), 4096, 4096, 28);
    expect(out.every((v) => v === 128)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
