import type * as tf from '@tensorflow/tfjs';
import type { MemorySplit } from '../../metrics/memoryPlan';
import type { Message } from '../../i18n/message';
import type { EvalPoint, RunInfo, SampleGrid, StepPart } from '../protocol/training';
import type { TuningReport } from '../protocol/tuning';

/** What a workload says while it prepares its first step: progress, and notes the run shows after. */
export interface PrepareListener {
  progress(fraction: number, message: Message): void;
  note(message: Message): void;
}

/** A window of steps recorded ahead of the read of the window before it. */
export interface WindowAhead {
  steps: number;
  part?: StepPart;
}

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
  /**
   * Given, its steps run on the app's WebGPU engine (src/engine/gpu): the loop calls this instead of step(),
   * which records `count` steps, one submit each, and reads their mean scalars with one wait. `next`: the
   * next window's steps are recorded too, before this window's wait, so the GPU goes on while the page
   * reads it; the next call, for exactly that window, then only reads. The loop asks for it only where
   * nothing reads the model in between (TrainingLoop's run-ahead rules).
   */
  runSteps?(count: number, part?: StepPart, next?: WindowAhead): Promise<Record<string, number>>;
  /** The GPU's idle time before each sync window since the first, ms, where the engine measures it (the app's engine on a device with timestamps); null where it cannot. */
  windowGaps?(): number[] | null;
  /** The device figures of the chart where tf.memory() does not see them all (the engine's own buffers). */
  deviceMemory?(): DeviceMemory;
  /** The exact peak of a step where it is known without profiling (the engine's buffers are all made up front). */
  knownStepPeak?(): { liveBytes: number; peakBytes: number } | null;
  /** CPU milliseconds spent recording and submitting steps so far, where the engine keeps the count (the app's engine). */
  encodeMs?(): number;
  /** The app's engine: how its product kernels were chosen, once its plan exists. */
  engineTuning?(): TuningReport | null;
  /** Work before the first step that reports progress (the app's engine compiling its plan and choosing its kernels). */
  prepare?(listener: PrepareListener): Promise<void>;
  /** Brings the TensorFlow.js model up to date with the engine's weights before anything reads it (no-op without the engine). */
  settle?(): Promise<void>;
  dispose(): void;
}

export interface DeviceMemory {
  bytes: number;
  gpuBytes: number | null;
  numTensors: number;
}
