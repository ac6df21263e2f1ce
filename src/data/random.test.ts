import { describe, expect, it } from 'vitest';
import { mulberry32, shuffledIndices } from './random';

const COUNT = 1000;

function isPermutation(indices: Int32Array, count: number): boolean {
  if (indices.length !== count) return false;
  const seen = new Uint8Array(count);
  for (const i of indices) {
    if (i < 0 || i >= count || seen[i]) return false;
    seen[i] = 1;
  }
  return true;
}

describe('mulberry32', () => {
  it('gives the same stream for the same seed, floats in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it('gives different streams for different seeds', () => {
    const a = mulberry32(1);
    const b = mulberry32(2);
    expect(Array.from({ length: 10 }, () => a())).not.toEqual(Array.from({ length: 10 }, () => b()));
  });
});

describe('shuffledIndices', () => {
  it('is a permutation of 0..count-1', () => {
    for (const [seed, epoch] of [[0, 0], [42, 3], [2 ** 31 - 1, 99]]) {
      expect(isPermutation(shuffledIndices(COUNT, seed, epoch), COUNT)).toBe(true);
    }
  });

  it('is deterministic for (seed, epoch)', () => {
    expect(shuffledIndices(COUNT, 42, 5)).toEqual(shuffledIndices(COUNT, 42, 5));
  });

  it('differs across epochs and across seeds, and actually shuffles', () => {
    const base = shuffledIndices(COUNT, 42, 0);
    expect(shuffledIndices(COUNT, 42, 1)).not.toEqual(base);
    expect(shuffledIndices(COUNT, 43, 0)).not.toEqual(base);
    expect(shuffledIndices(COUNT, 0, 1)).not.toEqual(shuffledIndices(COUNT, 1, 0));
    const fixedPoints = base.filter((value, i) => value === i).length;
    expect(fixedPoints).toBeLessThan(10);
  });

  it('handles the edge sizes and rejects bad counts', () => {
    expect(shuffledIndices(0, 1, 0)).toEqual(new Int32Array(0));
    expect(shuffledIndices(1, 1, 0)).toEqual(Int32Array.of(0));
    expect(() => shuffledIndices(-1, 1, 0)).toThrow(/whole number/);
    expect(() => shuffledIndices(2.5, 1, 0)).toThrow(/whole number/);
  });
});
