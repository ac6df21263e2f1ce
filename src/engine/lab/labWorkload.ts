import type { BackendName } from '../../config/backends';
import { parseCnnConfig, TRAIN_SET_SIZE } from '../../config/runConfig';
import type { ImageDataset } from '../../data/types';
import type { DatasetCache } from '../datasetCache';
import { CnnWorkload } from '../workloads/cnnWorkload';
import type { LabWorkload } from './labProtocol';

/** Training examples uploaded per run, unless the batch needs more: small, so upload does not dominate. */
export const LAB_MIN_TRAIN_EXAMPLES = 2048;
/** Held-out examples uploaded per run: the schema's minimum; the lab never evaluates. */
export const LAB_TEST_EXAMPLES = 100;
/** Adam's step size in every lab run: only the speed is measured, so it is fixed. */
export const LAB_LEARNING_RATE = 0.001;

/** What the lab needs from its host: the worker passes the real ones, tests pass cpu-only ones. */
export interface LabDeps {
  /** Switches tfjs to exactly this backend or throws; never another one. */
  activate(backend: BackendName): Promise<BackendName>;
  datasets: DatasetCache;
  /** Backend flags worth recording next to a measurement, as they are now. */
  flags(backend: BackendName): Record<string, unknown>;
  /** Evaluates every backend's reported flags (async ones included) so the device report lists them. */
  evaluateFlags(): Promise<void>;
}

export type ProgressFn = (message: string) => void;

export function trainExamplesFor(batchSize: number): number {
  return Math.min(TRAIN_SET_SIZE, Math.max(LAB_MIN_TRAIN_EXAMPLES, batchSize));
}

/** Loads the data (cached) and builds model, optimizer and device-resident data on the backend active now. */
export async function buildLabWorkload(
  spec: LabWorkload,
  backend: BackendName,
  deps: LabDeps,
  onProgress: ProgressFn,
): Promise<{ workload: CnnWorkload; data: ImageDataset }> {
  const { config, errors } = parseCnnConfig({
    backend,
    model: spec.model,
    dataset: spec.dataset,
    batchSize: spec.batchSize,
    seed: spec.seed,
    learningRate: LAB_LEARNING_RATE,
    epochs: 1,
    trainExamples: trainExamplesFor(spec.batchSize),
    testExamples: LAB_TEST_EXAMPLES,
  });
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const data = await deps.datasets.get(config.dataset, { train: config.trainExamples, test: config.testExamples }, (_, message) => onProgress(message));
  onProgress(`${backend}: uploading data and building the model…`);
  return { workload: CnnWorkload.create(config, data, backend, deps.flags(backend)), data };
}
