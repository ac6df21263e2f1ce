/** What the saved-model jobs hand back to the page: plain data, safe to postMessage. */
import type { BackendName } from '../../config/backends';
import type { RunConfig } from '../../config/workloads';
import type { ExportedRun } from './export';
import type { EvalPoint } from './training';

export type ModelResult =
  /** The kept run (a CNN's or a GAN's) as a GPCK checkpoint file; `testAccuracy` a CNN's last evaluation. */
  | { kind: 'file'; bytes: ArrayBuffer; config: RunConfig; step: number; testAccuracy: number | null }
  /** A saved model evaluated on its data set's test split; `judge`: kept as the GAN studio's judge (good enough, storage there). */
  | { kind: 'eval'; point: EvalPoint; backend: BackendName; judge: boolean }
  /** A model as plain data for the "Export for TensorFlow" package. */
  | { kind: 'export'; run: ExportedRun; config: RunConfig; modelLabel: string };

export type ModelEvent = { type: 'model'; result: ModelResult };
