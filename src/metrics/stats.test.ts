import { describe, expect, it } from 'vitest';
import { median, percentile, summarize } from './stats';

describe('stats', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('p90 interpolates between ranks', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(ten, 90)).toBeCloseTo(9.1, 10);
    expect(percentile(ten, 0)).toBe(1);
    expect(percentile(ten, 100)).toBe(10);
  });

  it('summarizes known inputs', () => {
    const s = summarize([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s).toMatchObject({ count: 8, min: 2, max: 9, mean: 5, median: 4.5 });
    expect(s.stdDev).toBeCloseTo(2.138, 3);
  });

  it('refuses empty input', () => {
    expect(() => summarize([])).toThrow('empty');
  });
});
