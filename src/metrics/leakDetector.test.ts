import { describe, expect, it } from 'vitest';
import { LeakDetector } from './leakDetector';

describe('LeakDetector', () => {
  it('stays quiet while the count is flat or falls', () => {
    const d = new LeakDetector(3);
    const counts = [50, 50, 50, 49, 50, 50];
    expect(counts.map((c) => d.observe(c, false)).filter(Boolean)).toEqual([]);
  });

  it('alarms once after the stated number of consecutive growths', () => {
    const d = new LeakDetector(3);
    const results = [10, 11, 12, 13, 14, 15].map((c) => d.observe(c, false));
    expect(results.slice(0, 3)).toEqual([null, null, null]);
    expect(results[3]).toEqual({ id: 'engine.train.leak', values: { windows: 3, tensors: 13 } });
    expect(results.slice(4)).toEqual([null, null]);
  });

  it('ignores growth during warm-up', () => {
    const d = new LeakDetector(2);
    expect([1, 5, 9].map((c) => d.observe(c, true)).filter(Boolean)).toEqual([]);
    expect(d.observe(9, false)).toBeNull();
  });
});
