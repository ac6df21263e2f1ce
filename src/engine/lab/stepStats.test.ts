import { describe, expect, it } from 'vitest';
import { summarizeSteps } from './stepStats';


describe('summarizeSteps', () => {
  it('takes median, p90, min and max of the measured steps and derives throughput from the median', () => {
    const stats = summarizeSteps(900, [40, 10, 20, 30, 1000], 64, 2e9);
    expect(stats).toMatchObject({ firstStepMs: 900, medianStepMs: 30, minStepMs: 10, maxStepMs: 1000, measuredSteps: 5 });
    expect(stats.p90StepMs).toBeCloseTo(616, 6); // linear interpolation between 40 and 1000
    expect(stats.examplesPerSec).toBeCloseTo((64 * 1000) / 30, 9);
    expect(stats.gflops).toBeCloseTo(2e9 / (30 * 1e6), 9);
  });

  it('refuses an empty list of steps', () => {
    expect(() => summarizeSteps(1, [], 1, 1)).toThrow(/No measured steps/);
  });
});
