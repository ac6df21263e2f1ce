import type * as tf from '@tensorflow/tfjs';
import type { MetricsPoint } from '../protocol/training';
import { TrainingLoop } from '../trainingLoop';
import type { TrainingWorkload } from '../workloads/types';
import { JobCancelled, type CancelToken } from '../owner/cancelToken';

/** Every step ends with a read-back of its loss, so each step time is real (not a window mean) on every backend. */
const SYNC_EVERY_STEP = { syncIntervalMs: 0, maxStepsPerSync: 1 };

export interface TrainingTimes {
  firstStepMs: number;
  /** One per measured step, warm-up excluded. */
  stepTimesMs: number[];
  /** Most GPU bytes the backend reported after any step; null on cpu/wasm. */
  gpuBytes: number | null;
  numTensors: number;
  /** One point per step (warm-up included), in order. */
  points: MetricsPoint[];
}

/** Runs warm-up then measured steps through the app's TrainingLoop; throws JobCancelled if cancelled. */
export async function timeTraining(
  workload: TrainingWorkload,
  warmupSteps: number,
  measuredSteps: number,
  token: CancelToken,
  onStep: (stepsDone: number, totalSteps: number) => void = () => undefined,
): Promise<TrainingTimes> {
  const total = warmupSteps + measuredSteps;
  const points: MetricsPoint[] = [];
  let firstStepMs = NaN;
  const loop = new TrainingLoop(
    workload,
    {
      onState: () => undefined,
      onFirstStep: (ms) => (firstStepMs = ms),
      onMetrics: (point) => {
        points.push(point);
        onStep(point.step, total);
      },
      onEpochEnd: async () => undefined,
    },
    SYNC_EVERY_STEP,
  );
  token.attach(loop);
  let outcome: 'finished' | 'stopped';
  try {
    outcome = await loop.run(total, warmupSteps);
  } finally {
    token.attach(null);
  }
  if (outcome === 'stopped') throw new JobCancelled();
  const gpu = points.map((p) => p.gpuBytes).filter((b): b is number => b !== null);
  return {
    firstStepMs,
    stepTimesMs: points.filter((p) => p.step > warmupSteps).map((p) => p.stepMs),
    gpuBytes: gpu.length ? Math.max(...gpu) : null,
    numTensors: points.length ? points[points.length - 1].numTensors : 0,
    points,
  };
}

export function disposeScalars(scalars: Record<string, tf.Scalar>): void {
  for (const t of Object.values(scalars)) t.dispose();
}
