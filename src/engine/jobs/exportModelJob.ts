import { isOwnDatasetId, type DatasetId } from '../../config/datasets';
import { CNN_MODEL_LABELS } from '../../config/models';
import type { Message } from '../../i18n/message';
import { getCnnModel } from '../../models/registry';
import { requireCnnCheckpoint, setModelWeights } from '../checkpoints/loadCheckpoint';
import { ownDatasetNpz } from '../export/datasetNpz';
import { CHECK_EXAMPLES, exportClassifier } from '../export/exportRun';
import type { ExportedRun } from '../protocol/export';
import type { RequestOf } from '../protocol/jobs';
import type { EngineJobContext } from './types';

/** The whole of a data set of your own, as read (no split is cut short). */
const WHOLE = { train: Number.POSITIVE_INFINITY, test: Number.POSITIVE_INFINITY };

/**
 * A saved model (or the kept run; a kept GAN run is exported as it was kept at its end) as plain data for the "Export for TensorFlow" package. The check
 * outputs that verify.py compares Keras against are computed on the cpu backend, whatever backend
 * trained the model: plain float32 arithmetic is the reference the 1e-4 tolerance is meant for.
 * A run on a data set of your own carries that set as dataset.npz, made here where the set is.
 */
export async function runExportModel(request: RequestOf<'exportModel'>, ctx: EngineJobContext): Promise<void> {
  const progress = (fraction: number, message: Message) => ctx.emit({ type: 'progress', fraction, message });
  const withOwnData = async (run: ExportedRun, dataset: DatasetId): Promise<ExportedRun> =>
    isOwnDatasetId(dataset) ? { ...run, dataset: ownDatasetNpz(await ctx.host.datasets.get(dataset, WHOLE, progress)) } : run;
  const gan = request.checkpoint ? null : ctx.host.lastRun.currentGan;
  if (gan) return ctx.emit({ type: 'model', result: { kind: 'export', run: await withOwnData(gan.exported, gan.config.dataset), config: gan.config, modelLabel: gan.modelLabel } });
  const checkpoint = request.checkpoint ? requireCnnCheckpoint(request.checkpoint) : ctx.host.lastRun.require();
  const { config } = checkpoint;
  await ctx.host.activate('cpu');
  const data = await ctx.host.datasets.get(config.dataset, { train: 0, test: CHECK_EXAMPLES }, progress);
  const model = getCnnModel(config.model).build(config.seed, data.classCount, data.shape);
  try {
    setModelWeights(model, checkpoint);
    const run = await exportClassifier(model, data.test);
    ctx.emit({ type: 'model', result: { kind: 'export', run: await withOwnData(run, config.dataset), config, modelLabel: CNN_MODEL_LABELS[config.model] } });
  } finally {
    model.dispose();
  }
}
