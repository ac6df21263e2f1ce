import type { BackendAvailability, BackendName } from '../../config/backends';
import type { CnnModelId, DatasetId } from '../../config/runConfig';
import type { MatmulPoint } from '../bench/matmulSweep';
import type { StepAnatomy, SyncCost } from '../bench/stepAnatomy';
import type { DeviceReport } from '../device/deviceReport';

/** The training workload a race, batch sweep, anatomy or profile runs: the same on every backend. */
export interface LabWorkload {
  model: CnnModelId;
  dataset: DatasetId;
  batchSize: number;
  seed: number;
  /** Untimed steps first (shader compilation, upload); at least 1. */
  warmupSteps: number;
  /** Timed steps after the warm-up. */
  measuredSteps: number;
}

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
  modelLabel: string;
  batchSize: number;
  warmupSteps: number;
  /** Backend flags in force while it ran (e.g. WEBGL_CPU_FORWARD). */
  flags: Record<string, unknown>;
  /** Every step in order; absent from rows made before steps were traced. */
  stepTrace?: RaceStep[];
}

export interface MatmulSweepPoint extends Omit<MatmulPoint, 'backend'> {
  backend: BackendName;
}

export interface BatchSweepPoint extends StepStats, MemoryUse {
  backend: BackendName;
  batchSize: number;
}

export type StopKind = 'out-of-memory' | 'time-budget' | 'error';

/** A backend that stopped before the end of a race or sweep, and why, in plain words. */
export interface BackendStop {
  backend: BackendName;
  /** Matrix size or batch size it stopped at; null for a race. */
  value: number | null;
  kind: StopKind;
  reason: string;
}

/** Where a kernel time comes from, or that there is none. */
export type KernelTimeSource = 'gpu-timer' | 'cpu-clock' | 'wall-with-sync' | 'unavailable';

export interface KernelTiming {
  source: KernelTimeSource;
  /** One sentence: what the numbers mean here, or why there are none. */
  note: string;
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

export type LabJobKind = 'deviceReport' | 'race' | 'matmulSweep' | 'batchSweep' | 'anatomy' | 'profile';

/** Commands the UI (or the headless bench page) sends to the lab worker. */
export type LabCommand =
  | { type: 'deviceReport'; runId: number }
  | { type: 'race'; runId: number; workload: LabWorkload; backends: BackendName[] }
  | { type: 'matmulSweep'; runId: number; backends: BackendName[]; sizes: number[]; warmupRuns: number; timedRuns: number; pointBudgetMs: number }
  | { type: 'batchSweep'; runId: number; workload: LabWorkload; backends: BackendName[]; batchSizes: number[]; pointBudgetMs: number }
  | { type: 'anatomy'; runId: number; workload: LabWorkload; backend: BackendName; syncSteps: number; everyK: number }
  | { type: 'profile'; runId: number; workload: LabWorkload; backend: BackendName }
  | { type: 'cancel' };

export type LabJobCommand = Exclude<LabCommand, { type: 'cancel' }>;

/** Events the lab worker sends back; every job ends with exactly one `done` or `error`. */
export type LabEvent =
  | { type: 'progress'; runId: number; fraction: number; message: string }
  | { type: 'raceRow'; runId: number; row: RaceRow }
  | { type: 'sweepPoint'; runId: number; sweep: 'matmul'; point: MatmulSweepPoint }
  | { type: 'sweepPoint'; runId: number; sweep: 'batch'; point: BatchSweepPoint }
  | { type: 'backendStopped'; runId: number; stop: BackendStop }
  | { type: 'anatomy'; runId: number; result: AnatomyResult }
  | { type: 'profile'; runId: number; result: ProfileResult }
  | { type: 'deviceReport'; runId: number; report: DeviceReport; text: string; backends: BackendAvailability[] }
  | { type: 'done'; runId: number; cancelled: boolean }
  | { type: 'error'; runId: number; message: string };
