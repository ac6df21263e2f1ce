import { summarize } from '../../metrics/stats';
import type { StepStats } from '../protocol/lab';

const MS_PER_SECOND = 1000;
const FLOPS_PER_GFLOP_MS = 1e6;

/**
 * Statistics of the measured step times. Throughput uses the median step, so one slow step
 * (a garbage collection, a background tab) does not drag the headline number.
 */
export function summarizeSteps(firstStepMs: number, stepTimesMs: readonly number[], examplesPerStep: number, flopsPerStep: number): StepStats {
  if (stepTimesMs.length === 0) throw new Error('No measured steps: raise the measured step count.');
  const s = summarize(stepTimesMs);
  return {
    firstStepMs,
    medianStepMs: s.median,
    p90StepMs: s.p90,
    minStepMs: s.min,
    maxStepMs: s.max,
    measuredSteps: s.count,
    examplesPerSec: (examplesPerStep * MS_PER_SECOND) / s.median,
    gflops: flopsPerStep / (s.median * FLOPS_PER_GFLOP_MS),
  };
}
