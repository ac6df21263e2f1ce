/** Speed-ups of a race: every row against both CPU baselines, so a teacher never confuses them. */
import { FAST_CPU, PLAIN_CPU } from '../config/backends';
import type { RaceRow, StepStats } from '../engine/protocol/lab';

/** How many times the baseline's throughput a row reaches; null without a usable baseline. */
export function speedUp(row: Pick<StepStats, 'examplesPerSec'>, baseline: Pick<StepStats, 'examplesPerSec'> | undefined): number | null {
  if (!baseline || !(baseline.examplesPerSec > 0) || !Number.isFinite(row.examplesPerSec)) return null;
  return row.examplesPerSec / baseline.examplesPerSec;
}

export interface SpeedUps {
  /** Against the plain-JS CPU (tfjs-backend-cpu): the slowest baseline there is. */
  speedUpVsCpu: number | null;
  /** Against WebAssembly SIMD: the honest fast-CPU baseline. */
  speedUpVsWasm: number | null;
}

export type RankedRaceRow = RaceRow & SpeedUps;

/** Each row (a race's, or a shared result's) with its speed-ups over the plain-JS CPU row and the wasm row (null until that row exists). */
export function withSpeedUps<R extends Pick<StepStats, 'examplesPerSec'> & { backend: string }>(rows: readonly R[]): (R & SpeedUps)[] {
  const plain = rows.find((r) => r.backend === PLAIN_CPU);
  const fast = rows.find((r) => r.backend === FAST_CPU);
  return rows.map((row) => ({ ...row, speedUpVsCpu: speedUp(row, plain), speedUpVsWasm: speedUp(row, fast) }));
}
