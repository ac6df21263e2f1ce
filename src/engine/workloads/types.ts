import type * as tf from '@tensorflow/tfjs';
import type { EvalPoint, RunInfo } from '../protocol';

/** What the training loop needs from a model + data pairing; one implementation per workload. */
export interface TrainingWorkload {
  readonly info: RunInfo;
  readonly examplesPerStep: number;
  readonly flopsPerStep: number;
  /**
   * Dispatches one training step without syncing; returns its per-step scalars, still on
   * the device. The caller owns and disposes them.
   */
  step(): Record<string, tf.Scalar>;
  /** Evaluates on held-out data, if the workload has any. */
  evaluate?(step: number, epoch: number): Promise<EvalPoint>;
  dispose(): void;
}
