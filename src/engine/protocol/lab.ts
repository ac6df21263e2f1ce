/** Message and result types of the Benchmark lab's jobs: plain data, safe to postMessage. */
import type { BackendAvailability, BackendName } from '../../config/backends';
import type { GpuEngine } from '../../config/gpuEngines';
import type { Message } from '../../i18n/message';
import type { DeviceReport } from './deviceReport';

/** Step-time statistics of one workload on one backend; throughput comes from the median step. */
export interface StepStats {
  /** The very first step: shader compilation, upload and allocation included. */
  firstStepMs: number;
  medianStepMs: number;
  p90StepMs: number;
  minStepMs: number;
  maxStepMs: number;
  measuredSteps: number;
  examplesPerSec: number;
  gflops: number;
}

/** What one measured run of a training workload left in memory. */
export interface MemoryUse {
  /** Peak bytes of live tensors during one extra, profiled step (tf.profile), model and data included. */
  peakBytes: number;
  /** Most bytes the backend held on the GPU after any step, its buffer/texture pool included; null on cpu/wasm. */
  gpuBytes: number | null;
  /** Live tensors after the last step: the same on every backend when nothing leaks. */
  numTensors: number;
}

/** One step of a race, warm-up included: what a shared result draws as curves. */
export interface RaceStep {
  /** 1-based step index. */
  step: number;
  stepMs: number;
  loss: number;
  bytes: number;
  gpuBytes: number | null;
}

export interface RaceRow extends StepStats, MemoryUse {
  backend: BackendName;
  /** Whose kernels trained (WebGPU: the app's engine or TensorFlow.js's); absent from rows made before the app's engine: TensorFlow.js. */
  engine?: GpuEngine;
  /** Why a lane that asked for the app's engine ran on TensorFlow.js's kernels. */
  engineNote?: Message;
  modelLabel: string;
  batchSize: number;
  warmupSteps: number;
  /** Backend flags in force while it ran (e.g. WEBGL_CPU_FORWARD). */
  flags: Record<string, unknown>;
  /** Every step in order; absent from rows made before steps were traced. */
  stepTrace?: RaceStep[];
  /** WebAssembly: the threads its steps ran on (absent on other backends and in older rows). */
  threads?: number;
  /** WebAssembly: XNNPACK's own thread pool beside them (absent on other backends and in older rows). */
  xnnpackThreads?: number;
}

/** One n×n float32 matrix multiply size, timed on one backend. */
export interface MatmulSweepPoint {
  /** Matrix side n: both inputs are n×n float32. */
  size: number;
  backend: BackendName;
  /** 2·n³: one multiply and one add per inner-product term. */
  flops: number;
  medianMs: number;
  p90Ms: number;
  minMs: number;
  /** From the median time. */
  gflops: number;
  /** Bytes read back per timed run (the whole n×n product), included in every time. */
  readBackBytes: number;
}

export interface BatchSweepPoint extends StepStats, MemoryUse {
  backend: BackendName;
  /** WebGPU: 'app' where the app's engine trained; absent: TensorFlow.js's kernels. */
  engine?: GpuEngine;
  batchSize: number;
}

export type StopKind = 'out-of-memory' | 'time-budget' | 'error';

/** A backend that stopped before the end of a race or sweep, and why. */
export interface BackendStop {
  backend: BackendName;
  /** The engine of the lane that stopped (races and parity checks), where it is not TensorFlow.js's. */
  engine?: GpuEngine;
  /** Matrix size or batch size it stopped at; null for a race. */
  value: number | null;
  kind: StopKind;
  reason: Message;
}

/** Where a kernel time comes from, or that there is none. */
export type KernelTimeSource = 'gpu-timer' | 'cpu-clock' | 'wall-with-sync' | 'unavailable';

export interface KernelTiming {
  source: KernelTimeSource;
  /** One sentence: what the numbers mean here, or why there are none. */
  note: Message;
}

/** Medians over the runs, in ms, of the three phases of one training step. */
export interface StepAnatomy {
  backend: string;
  /** tf.tensor() of xs and ys, then a one-element read that forces the (lazy) upload. */
  uploadMs: number;
  /** optimizer.minimize on resident tensors, ending with `await loss.data()`. */
  computeMs: number;
  /** `await predictions.data()` of already-computed predictions for the batch. */
  readBackMs: number;
  /** A one-element read of a resident tensor: the fixed cost inside uploadMs and computeMs. */
  syncFloorMs: number;
  uploadBytes: number;
  readBackBytes: number;
  runs: number;
}

export interface SyncCost {
  steps: number;
  everyK: number;
  /** ms per step when every step's loss is read back. */
  syncEveryStepMs: number;
  /** ms per step when only every k-th loss (and the last) is read back. */
  syncEveryKMs: number;
}

export interface AnatomyResult extends StepAnatomy {
  backend: BackendName;
  modelLabel: string;
  batchSize: number;
  sync: SyncCost;
  /** Median tf.time kernel time of one training step; null when the timer is unavailable. */
  kernelMs: number | null;
  kernelTiming: KernelTiming;
}

export interface KernelGroup {
  name: string;
  count: number;
  /** Summed kernel time; null when kernel times are unavailable. */
  totalMs: number | null;
  /** totalMs over the step's summed kernel time, 0..1; null without times. */
  share: number | null;
  bytesAdded: number;
}

export interface ProfileResult {
  backend: BackendName;
  modelLabel: string;
  batchSize: number;
  /** Sorted by total time (or by count where times are unavailable), largest first. */
  kernels: KernelGroup[];
  kernelCount: number;
  totalKernelMs: number | null;
  /** Wall time of the profiled step; profiling slows it, so it is never a throughput figure. */
  profiledStepMs: number;
  peakBytes: number;
  kernelTiming: KernelTiming;
}

/** The loss of every step of one backend's parity run: the same model, seed, batches and steps on each backend. */
export interface ParityCurve {
  backend: BackendName;
  /** WebGPU: whose kernels trained; absent: TensorFlow.js's. */
  engine?: GpuEngine;
  /** Why a lane that asked for the app's engine trained on TensorFlow.js's kernels (it keeps the app's engine's lane). */
  engineNote?: Message;
  /** losses[i] is the loss of step i + 1. */
  losses: number[];
}

/** Events of a lab job; every job then ends once, through the device owner (done, cancelled or error). */
export type LabEvent =
  | { type: 'progress'; fraction: number; message: Message }
  | { type: 'raceRow'; row: RaceRow }
  | { type: 'sweepPoint'; sweep: 'matmul'; point: MatmulSweepPoint }
  | { type: 'sweepPoint'; sweep: 'batch'; point: BatchSweepPoint }
  | { type: 'backendStopped'; stop: BackendStop }
  | { type: 'anatomy'; result: AnatomyResult }
  | { type: 'profile'; result: ProfileResult }
  | { type: 'parityCurve'; curve: ParityCurve }
  | { type: 'deviceReport'; report: DeviceReport; backends: BackendAvailability[] };
