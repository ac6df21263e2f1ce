import type { KernelGroup } from './lab';
import type { BackendName } from '../../config/backends';
import type { GpuEngine } from '../../config/gpuEngines';
import type { StepFigures } from './stepFigures';
import type { TuningReport } from './tuning';
import type { InspectQuery } from './inspect';
import type { Message } from '../../i18n/message';
import type { Histogram } from '../../metrics/histogram';
import type { MemoryPlan, MemorySplit } from '../../metrics/memoryPlan';

/** Message and result types of training jobs: plain data, safe to postMessage. */

/** Which network a single GAN step trains (for teaching); a whole step trains both. */
export type StepPart = 'discriminator' | 'generator';

export type RunState = 'idle' | 'loading' | 'training' | 'paused' | 'stopped' | 'finished' | 'error';

/** One sync window of training, averaged over its steps: deltas, never histories. */
export interface MetricsPoint {
  /** Global step index after the window (1-based count of steps done). */
  step: number;
  epoch: number;
  stepsInWindow: number;
  /** Means over the window of the workload's per-step scalars (CNN: loss, accuracy; GAN: dLoss, gLoss, ...). */
  scalars: Record<string, number>;
  /** True for the first step, which includes shader compilation and upload. */
  warmup: boolean;
  stepMs: number;
  examplesPerSec: number;
  gflops: number;
  bytes: number;
  /** Bytes the backend reports on the GPU; null where it reports none (cpu, wasm). */
  gpuBytes: number | null;
  numTensors: number;
  /** Mean time per step the steps waited for their batches, ms; absent for workloads that do not measure it. */
  dataWaitMs?: number;
  /** Where the live bytes are at the end of the window; absent for workloads that do not split them. */
  memory?: MemorySplit;
}

/** The peak of one training step, profiled with tf.profile (once per run, after its first step). */
export interface StepPeak {
  step: number;
  /** Live bytes before the step. */
  liveBytes: number;
  /** The highest tf.memory().numBytes during the step. */
  peakBytes: number;
}

/** A checkpoint the run took in worker memory (every N steps and at epoch ends): where Resume continues from. */
export interface CheckpointInfo {
  id: string;
  step: number;
  epoch: number;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * The run's whole state as a GPCK file (src/engine/protocol/checkpointFormat.ts), sent to the page
 * at each epoch end of a CNN run (but its last) and when the page asks: the page keeps it in
 * IndexedDB as the unfinished run, so the run survives a reload. The buffer is transferred.
 */
export interface CheckpointFile {
  bytes: ArrayBuffer;
  step: number;
  /** 1-based epoch of the last step done. */
  epoch: number;
  /** At an epoch end, or asked for ("Save checkpoint"). */
  reason: 'epochEnd' | 'asked';
}

export interface EvalPoint {
  step: number;
  epoch: number;
  testLoss: number;
  testAccuracy: number;
  examples: number;
}

export interface RunInfo {
  /** What tf.getBackend() said after setBackend resolved. */
  backend: BackendName;
  /** Whose kernels trained: the app's own WebGPU engine, or TensorFlow.js's (every backend but WebGPU with the app's engine). */
  engine: GpuEngine;
  /** Why a run that asked for the app's engine runs on TensorFlow.js's WebGPU kernels instead. */
  engineNote?: Message;
  modelLabel: string;
  params: number;
  forwardFlopsPerExample: number;
  trainFlopsPerExample: number;
  stepsPerEpoch: number;
  totalSteps: number;
  /** Flags in force on this backend, e.g. WEBGL_CPU_FORWARD. */
  flags: Record<string, unknown>;
}

/** What a WebAssembly run ran on. */
export interface WasmRun {
  /** Threads its kernels could use: the app's kernel pool's (XNNPACK's where TensorFlow.js's kernels ran alone). */
  threads: number;
  /** false: TensorFlow.js's own kernels only. */
  appKernels: boolean;
  /** XNNPACK's own thread pool, as XNNPACK reports it (absent in rows made before it was read). */
  xnnpackThreads?: number;
  /** How long a sleeping thread of the app's pool took to join a task, ms (absent where not measured: one thread). */
  wakeUpMs?: number;
  /** The work a task of the app's kernels needed per thread, µs (from the wake-up); absent where none was shared (a busy machine). */
  minWorkPerThreadUs?: number;
}

export interface BenchRow {
  loop: 'app' | 'bare';
  backend: BackendName;
  /** Whose kernels trained (absent: TensorFlow.js's). */
  engine?: GpuEngine;
  /** A step counted at the WebGPU API and timed with steps in flight, when asked for (src/engine/gpu/bench/stepFigures.ts). */
  figures?: StepFigures;
  /** The app's engine: how each product's kernel was chosen (candidates' times where it timed them). */
  tuning?: TuningReport;
  firstStepMs: number;
  medianStepMs: number;
  p90StepMs: number;
  examplesPerSec: number;
  gflops: number;
  /** Median forward pass alone, when asked for (CNN workloads). */
  forwardMs?: number;
  /** WebAssembly: the threads the measured steps ran on, and whose kernels. */
  wasm?: WasmRun;
  /** One step kernel by kernel, when asked for (the same on both loops' rows). */
  kernelProfile?: { groups: KernelGroup[]; totalMs: number | null };
}

/** Generated images from the fixed preview noise, pixels in [0,1], row-major count*side*side. */
export interface SampleGrid {
  step: number;
  count: number;
  side: number;
  pixels: Float32Array;
}

/** How many generated images a trained classifier recognises, and how varied they are. */
export interface SampleQuality {
  step: number;
  /** Fraction of the fixed batch classified with confidence above the threshold; null without a classifier. */
  recognisable: number | null;
  /** Confident predictions per class (catches mode collapse: one class everywhere). */
  classCounts: number[];
  /** Entropy of the confident class histogram in bits: 0 = one digit only, log2(10) = 3.32 = all alike. */
  classEntropyBits: number | null;
  /** Why there is no number, or which classifier gave it. */
  note: Message;
}

/** Every weight tensor's histogram at one step (each epoch's end, and the run's last step), for the run's TensorBoard log. */
export interface WeightHistograms {
  step: number;
  epoch: number;
  /** One per weight tensor, by its layer name (a GAN's prefixed with its network). */
  tensors: { name: string; histogram: Histogram }[];
}

/** Events of a training job (CNN or GAN), in the order the run makes them. */
export type TrainingEvent =
  | { type: 'state'; state: RunState }
  | { type: 'progress'; fraction: number; message: Message }
  | { type: 'runInfo'; info: RunInfo }
  | { type: 'firstStep'; ms: number }
  | { type: 'metrics'; points: MetricsPoint[] }
  | { type: 'eval'; point: EvalPoint }
  | { type: 'warning'; message: Message }
  | { type: 'samples'; samples: SampleGrid }
  | { type: 'quality'; quality: SampleQuality }
  /** The predicted memory, sent before anything is uploaded (CNN runs). */
  | { type: 'memoryPlan'; plan: MemoryPlan; budgetMb: number }
  | { type: 'stepPeak'; peak: StepPeak }
  | { type: 'checkpoint'; checkpoint: CheckpointInfo }
  /** The run continues from a checkpoint: points after its step are redone. */
  | { type: 'resumed'; from: CheckpointInfo }
  /** The run's state as checkpoint bytes, for the page to keep (CNN runs). */
  | { type: 'checkpointFile'; file: CheckpointFile }
  /** The GPU context or device was lost: the run ends with this message; it can resume from `resumeFrom`. */
  | { type: 'deviceLost'; message: Message; resumeFrom: CheckpointInfo | null }
  /**
   * A GPU error under the app's engine stopped the run (a kernel the device refused, an error in a window's
   * work): this message; it can go on from `resumeFrom` (or train again, where none was taken) on `resumeOn`'s kernels.
   */
  | { type: 'gpuError'; message: Message; resumeFrom: CheckpointInfo | null; resumeOn: Extract<GpuEngine, 'tfjs'> }
  | { type: 'weightHistograms'; histograms: WeightHistograms };

/** What a training job can be told while it runs (or is paused). */
export type TrainingControl =
  | { action: 'pause' }
  | { action: 'resume' }
  | { action: 'step'; part?: StepPart }
  | { action: 'evaluate' }
  /** The run's state now, between two steps, as a checkpointFile event (CNN runs). */
  | { action: 'saveCheckpoint' }
  /** A look inside the running CNN; answered with an InspectEvent (src/engine/protocol/inspect.ts). */
  | { action: 'inspect'; query: InspectQuery };

/**
 * Commands for tests and the lab only, never sent by a view's own controls: they break the device
 * on purpose to show what the app does then.
 */
export type DebugCommand =
  | { action: 'loseDevice' }
  /** Loses the device the next time a run waits on it at this point (answered at once: armed). */
  | { action: 'loseDeviceAt'; point: DebugPoint }
  /** Makes the next sync window of the app's engine fail on the GPU (its work uses a destroyed buffer): answered at once, armed. */
  | { action: 'gpuErrorInWindow' };

/** Where a run waits on its device outside its steps: an epoch end's evaluation. */
export type DebugPoint = 'evaluation';
