/**
 * The device owner's protocol: the jobs a view can ask for, the queue it sees, and the envelope
 * every job's events travel in. One worker owns the device and runs one job at a time; every view
 * talks to it through these messages only.
 */
import type { BackendAvailability, BackendName } from '../../config/backends';
import type { DatasetId } from '../../config/datasets';
import type { JobKind } from '../../config/jobs';
import type { LabSettings } from '../../config/labConfig';
import type { ViewId } from '../../config/views';
import type { Message } from '../../i18n/message';
import type { RunConfig } from '../../config/workloads';
import type { InspectEvent, InspectQuery } from './inspect';
import type { LabEvent } from './lab';
import type { ModelEvent } from './models';
import type { BenchRow, DebugCommand, TrainingControl, TrainingEvent } from './training';

/** What a view (or the headless bench) asks the device owner to run. */
export type JobRequest =
  /**
   * `resume`: a saved model (GPCK bytes) to continue from; the config may change only its backend and epochs.
   * `recover`: a checkpoint the worker holds in memory (after a lost device) to continue from.
   */
  | { kind: 'train'; config: RunConfig; resume?: ArrayBuffer; recover?: { checkpointId: string } }
  | { kind: 'deviceReport' }
  | { kind: 'race'; settings: LabSettings }
  | { kind: 'matmulSweep'; settings: LabSettings }
  | { kind: 'batchSweep'; settings: LabSettings }
  | { kind: 'anatomy'; settings: LabSettings }
  | { kind: 'profile'; settings: LabSettings }
  | { kind: 'parity'; settings: LabSettings }
  /** The last CNN run, kept in the worker, as a checkpoint file. */
  | { kind: 'saveModel' }
  /** A saved model (GPCK bytes, validated in the worker) evaluated on its test split on `backend`. */
  | { kind: 'evaluateModel'; checkpoint: ArrayBuffer; backend: BackendName }
  /** A saved model, or the kept run when null, as plain data for the Python package. */
  | { kind: 'exportModel'; checkpoint: ArrayBuffer | null }
  /** A look inside the CNN the worker kept from its last finished run, else the saved judge of `dataset` (run on `backend`). */
  | { kind: 'inspect'; query: InspectQuery; dataset: DatasetId; backend: BackendName }
  | {
      kind: 'benchmark';
      config: RunConfig;
      warmupSteps: number;
      measuredSteps: number;
      includeBareLoop: boolean;
      rounds?: number;
      /** Also time forward passes alone (CNN workloads). */
      measureForward?: boolean;
      /** Also profile a step kernel by kernel (tf.profile), after the timed steps. */
      profileKernels?: boolean;
      /** WebAssembly only: the thread count (null: every core) and whose kernels run (false: TensorFlow.js's own). */
      wasm?: { threads: number | null; appKernels: boolean };
      /** Instead of the timed loop: a step counted at the WebGPU API, over `windows` windows of `windowSteps` steps after the warm-up. */
      stepFigures?: { windows: number; windowSteps: number; runAhead?: boolean };
      /** The app's engine: one product kernel for every product it fits (src/engine/gpu/kernels/gemm/candidates.ts), instead of the tuner's choice. */
      gemm?: string;
      /** The app's engine: time every candidate within this many ms whatever the adapter's speed (a software one too), remembering nothing. */
      tuneBudgetMs?: number;
    };

export type RequestOf<K extends JobKind> = Extract<JobRequest, { kind: K }>;

/** Every event a job can send while it runs. */
export type JobEvent = TrainingEvent | LabEvent | ModelEvent | InspectEvent | { type: 'benchmark'; rows: BenchRow[] };

/** How a job ended: exactly one per job, queued jobs cancelled before they ran included. */
export type JobOutcome = { status: 'done' } | { status: 'cancelled' } | { status: 'error'; message: Message };

/** One job the owner holds: the one running, or one waiting its turn. */
export interface QueueEntry {
  id: number;
  kind: JobKind;
  /** e.g. "the race", "the CNN training run". */
  name: string;
  view: ViewId | 'bench';
  status: 'queued' | 'running';
  /** 0 for the running job, 1 for the next one, and so on. */
  position: number;
}

/** When a job held the device, on the worker's clock (ms): no two jobs' spans overlap. */
export interface JobSpan {
  startedAt: number;
  endedAt: number;
}

/** Messages to the device owner. */
export type OwnerCommand =
  | { type: 'submit'; id: number; request: JobRequest }
  /** A queued job is dropped; the running job is stopped between its steps. */
  | { type: 'cancel'; id: number }
  | { type: 'control'; id: number; control: TrainingControl }
  /** Which backends this browser offers (answered at once, outside the queue: it measures nothing). */
  | { type: 'detect' }
  /** Tests and the lab only: breaks the device on purpose (answered at once, outside the queue). */
  | { type: 'debug'; command: DebugCommand }
  /** Is the worker's thread free? Answered at once with `pong` (the page's start watch, client/startWatch.ts). */
  | { type: 'ping' };

/** Messages from the device owner. */
export type OwnerEvent =
  | { type: 'backends'; backends: BackendAvailability[] }
  | { type: 'queue'; entries: QueueEntry[] }
  | { type: 'job'; id: number; event: JobEvent }
  | { type: 'ended'; id: number; outcome: JobOutcome; span: JobSpan | null }
  | { type: 'debugDone'; command: DebugCommand; error: string | null }
  | { type: 'pong' }
  /** A backend is being started (its package, WebAssembly compiles, threads), or (null) it has started or failed to. */
  | { type: 'starting'; backend: BackendName | null };
