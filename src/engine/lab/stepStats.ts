import type { BackendName } from '../../config/backends';
import { summarize } from '../../metrics/stats';
import type { RaceRow, StepStats } from './labProtocol';

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

/** How many times the baseline's throughput a row reaches; null without a usable baseline. */
export function speedUp(row: Pick<StepStats, 'examplesPerSec'>, baseline: Pick<StepStats, 'examplesPerSec'> | undefined): number | null {
  if (!baseline || !(baseline.examplesPerSec > 0) || !Number.isFinite(row.examplesPerSec)) return null;
  return row.examplesPerSec / baseline.examplesPerSec;
}

export const SPEED_UP_BASELINE: BackendName = 'cpu';

export type RankedRaceRow = RaceRow & { speedUp: number | null };

/** Each row with its speed-up over the CPU row of the same race (null until the CPU has run). */
export function withSpeedUps(rows: readonly RaceRow[], baseline: BackendName = SPEED_UP_BASELINE): RankedRaceRow[] {
  const base = rows.find((r) => r.backend === baseline);
  return rows.map((row) => ({ ...row, speedUp: speedUp(row, base) }));
}
