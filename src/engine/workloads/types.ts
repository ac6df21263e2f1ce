import type * as tf from '@tensorflow/tfjs';
import type { MemorySplit } from '../../metrics/memoryPlan';
import type { EvalPoint, RunInfo, SampleGrid, StepPart } from '../protocol/training';

/** What the training loop needs from a model + data pairing; one implementation per workload. */
export interface TrainingWorkload {
  readonly info: RunInfo;
  readonly examplesPerStep: number;
  readonly flopsPerStep: number;
  /**
   * Dispatches one training step without syncing; returns its per-step scalars, still on
   * the device. The caller owns and disposes them.
   */
  step(part?: StepPart): Record<string, tf.Scalar>;
  /** One forward pass (no gradient) on the next batch, for timing; the caller syncs on and disposes the output. */
  forward?(): tf.Tensor;
  /** Evaluates on held-out data, if the workload has any. */
  evaluate?(step: number, epoch: number): Promise<EvalPoint>;
  /** Generated images to show, if the workload generates any. */
  samples?(step: number): Promise<SampleGrid>;
  /** Milliseconds the steps since the last call waited for their batches, if the workload measures it. */
  takeDataWaitMs?(): number;
  /** Every weight tensor by name (the caller reads, never disposes them), for the run's weight histograms. */
  weightTensors?(): { name: string; tensor: tf.Tensor }[];
  /** Where the live bytes are now (weights, optimizer state, data, the rest), if the workload splits them. */
  memorySplit?(): MemorySplit;
  dispose(): void;
}
