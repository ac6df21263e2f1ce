import type { BackendAvailability, BackendName } from '../../config/backends';
import type { LastRun } from '../checkpoints/lastRun';
import type { Precision } from '../../config/cnnConfig';
import type { DatasetCache } from '../datasetCache';
import type { KeptModel } from '../inspect/keptModel';

/** What every job needs from the place it runs: the worker passes the real ones, tests pass cpu-only ones. */
export interface EngineHost {
  /** Switches tfjs to exactly this backend, storing tensors in this precision (float32 if not given), or throws; never another one. */
  activate(backend: BackendName, precision?: Precision): Promise<BackendName>;
  datasets: DatasetCache;
  /** Backend flags worth recording next to a measurement, as they are now. */
  flags(backend: BackendName): Record<string, unknown>;
  /** Evaluates every backend's reported flags (async ones included) so the device report lists them. */
  evaluateFlags(): Promise<void>;
  /** Which backends this browser offers, each with its reason in plain words. */
  detect(): Promise<BackendAvailability[]>;
  /** The last CNN run that ended here, as a checkpoint, until the next run starts. */
  lastRun: LastRun;
  /** The CNN of the last training run that ended here, kept for a look inside it. */
  kept: KeptModel;
}
