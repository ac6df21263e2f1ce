import { backendMessage, type BackendName } from '../../config/backends';
import { parseCnnConfig } from '../../config/cnnConfig';
import { TRAIN_SET_SIZE } from '../../config/datasets';
import type { LabWorkload } from '../../config/labConfig';
import type { ImageDataset } from '../../data/types';
import { msg, MessageError, type Message } from '../../i18n/message';
import { settingsRefused } from '../../config/schema';
import type { EngineHost } from '../owner/host';
import { CnnWorkload } from '../workloads/cnnWorkload';
import type { GpuEngine } from '../../config/gpuEngines';
import { engineOn } from '../jobs/engineChoice';

/** Training examples uploaded per run, unless the batch needs more: small, so upload does not dominate. */
export const LAB_MIN_TRAIN_EXAMPLES = 2048;
/** Held-out examples uploaded per run: the schema's minimum; the lab never evaluates. */
export const LAB_TEST_EXAMPLES = 100;
/** Adam's step size in every lab run: only the speed is measured, so it is fixed. */
export const LAB_LEARNING_RATE = 0.001;

export type ProgressFn = (message: Message) => void;

export function trainExamplesFor(batchSize: number): number {
  return Math.min(TRAIN_SET_SIZE, Math.max(LAB_MIN_TRAIN_EXAMPLES, batchSize));
}

/** Loads the data (cached) and builds model, optimizer and device-resident data on the backend active now. */
export async function buildLabWorkload(
  spec: LabWorkload,
  backend: BackendName,
  host: EngineHost,
  onProgress: ProgressFn,
  engine: GpuEngine = 'tfjs',
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
  if (errors.length) throw new MessageError(settingsRefused(errors));
  const data = await host.datasets.get(config.dataset, { train: config.trainExamples, test: config.testExamples }, (_, message) => onProgress(message));
  onProgress(msg('engine.progress.building', { backend: backendMessage(backend) }));
  return { workload: CnnWorkload.create(config, data, backend, host.flags(backend), { engine: engineOn(backend, engine) }), data };
}
