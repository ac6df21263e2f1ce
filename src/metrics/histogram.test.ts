import { describe, expect, it } from 'vitest';
import { HISTOGRAM_BUCKETS, histogramOf } from './histogram';

const total = (counts: number[]): number => counts.reduce((a, b) => a + b, 0);

describe('histogramOf', () => {
  it('counts, sums and splits 0..299 into 30 buckets of 10', () => {
    const h = histogramOf(Array.from({ length: 300 }, (_, i) => i));
    expect([h.min, h.max, h.num, h.sum]).toEqual([0, 299, 300, (299 * 300) / 2]);
    expect(h.sumSquares).toBe((299 * 300 * 599) / 6);
    expect(h.bucketLimits).toHaveLength(HISTOGRAM_BUCKETS);
    expect(h.bucketLimits.at(-1)).toBe(299);
    expect(h.buckets).toEqual(new Array(30).fill(10));
    expect([...h.bucketLimits].sort((a, b) => a - b)).toEqual(h.bucketLimits);
  });

  it('puts min in the first bucket and max in the last', () => {
    const h = histogramOf(new Float32Array([-1, 1]));
    expect(h.buckets[0]).toBe(1);
    expect(h.buckets[29]).toBe(1);
    expect(total(h.buckets)).toBe(2);
  });

  it('keeps every value of a Float32Array of odd numbers', () => {
    const values = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i) * 3 + Math.cos(i * 7));
    const h = histogramOf(values);
    expect(total(h.buckets)).toBe(1000);
    expect(h.min).toBe(Math.min(...values));
    expect(h.max).toBe(Math.max(...values));
  });

  it('writes one bucket for values that are all equal', () => {
    expect(histogramOf([2.5, 2.5, 2.5])).toEqual({ min: 2.5, max: 2.5, num: 3, sum: 7.5, sumSquares: 18.75, bucketLimits: [2.5], buckets: [3] });
  });

  it('writes an empty histogram as one empty bucket at 0', () => {
    expect(histogramOf([])).toEqual({ min: 0, max: 0, num: 0, sum: 0, sumSquares: 0, bucketLimits: [0], buckets: [0] });
  });

  it('leaves out NaN and ±Infinity', () => {
    const h = histogramOf([NaN, 1, Infinity, 3, -Infinity]);
    expect([h.min, h.max, h.num, h.sum]).toEqual([1, 3, 2, 4]);
    expect(total(h.buckets)).toBe(2);
    expect(histogramOf([NaN, Infinity]).num).toBe(0);
  });

  it('does not divide by a range too wide for a double', () => {
    const h = histogramOf([-Number.MAX_VALUE, Number.MAX_VALUE]);
    expect(h.buckets).toEqual([2]);
  });
});
