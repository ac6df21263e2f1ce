import { describe, expect, it } from 'vitest';
import { downsample, roundSignificant, type Point } from './downsample';

function noisyDecay(n: number): Point[] {
  return Array.from({ length: n }, (_, i) => [i, Math.exp(-i / 300) + 0.05 * Math.sin(i * 1.7)]);
}

describe('downsample (LTTB)', () => {
  it('keeps at most max points, first and last included, all taken from the input', () => {
    const points = noisyDecay(5_000);
    const kept = downsample(points, 300);
    expect(kept).toHaveLength(300);
    expect(kept[0]).toEqual(points[0]);
    expect(kept[kept.length - 1]).toEqual(points[points.length - 1]);
    const inputKeys = new Set(points.map(([x, y]) => `${x}:${y}`));
    for (const [x, y] of kept) expect(inputKeys.has(`${x}:${y}`)).toBe(true);
    for (let i = 1; i < kept.length; i++) expect(kept[i][0]).toBeGreaterThan(kept[i - 1][0]);
  });

  it('keeps a one-point spike that stride sampling would drop', () => {
    const points: Point[] = Array.from({ length: 3_001 }, (_, i) => [i, 1]);
    points[1_234] = [1_234, 50];
    expect(downsample(points, 100).some(([, y]) => y === 50)).toBe(true);
  });

  it('returns a copy when there is nothing to drop', () => {
    const points = noisyDecay(10);
    const kept = downsample(points, 300);
    expect(kept).toEqual(points);
    expect(kept[0]).not.toBe(points[0]);
    expect(downsample([], 300)).toEqual([]);
  });
});

describe('roundSignificant', () => {
  it.each([
    [1234.5678, 4, 1235],
    [0.000123456, 4, 0.0001235],
    [-98765, 2, -99000],
    [0, 4, 0],
  ])('%f to %i digits is %f', (value, digits, expected) => {
    expect(roundSignificant(value, digits)).toBe(expected);
  });
});
