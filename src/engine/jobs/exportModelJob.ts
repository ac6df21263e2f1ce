import { datasetMessage, isShippedDataset } from '../../config/datasets';
import { CNN_MODEL_LABELS } from '../../config/models';
import { msg, MessageError } from '../../i18n/message';
import { getCnnModel } from '../../models/registry';
import { requireCnnCheckpoint, setModelWeights } from '../checkpoints/loadCheckpoint';
import { CHECK_EXAMPLES, exportClassifier } from '../export/exportRun';
import type { RequestOf } from '../protocol/jobs';
import type { EngineJobContext } from './types';

/**
 * A saved model (or the kept run; a kept GAN run is exported as it was kept at its end) as plain data for the "Export for TensorFlow" package. The check
 * outputs that verify.py compares Keras against are computed on the cpu backend, whatever backend
 * trained the model: plain float32 arithmetic is the reference the 1e-4 tolerance is meant for.
 */
export async function runExportModel(request: RequestOf<'exportModel'>, ctx: EngineJobContext): Promise<void> {
  const gan = request.checkpoint ? null : ctx.host.lastRun.currentGan;
  if (gan) return ctx.emit({ type: 'model', result: { kind: 'export', run: gan.exported, config: gan.config, modelLabel: gan.modelLabel } });
  const checkpoint = request.checkpoint ? requireCnnCheckpoint(request.checkpoint) : ctx.host.lastRun.require();
  const { config } = checkpoint;
  // The package's train.py reads MNIST or Fashion-MNIST through keras.datasets; an own set does not travel with it yet.
  if (!isShippedDataset(config.dataset)) throw new MessageError(msg('ownData.exportNotYet', { dataset: datasetMessage(config.dataset) }));
  await ctx.host.activate('cpu');
  const data = await ctx.host.datasets.get(config.dataset, { train: 0, test: CHECK_EXAMPLES }, (fraction, message) => ctx.emit({ type: 'progress', fraction, message }));
  const model = getCnnModel(config.model).build(config.seed, data.classCount);
  try {
    setModelWeights(model, checkpoint);
    const run = await exportClassifier(model, data.test);
    ctx.emit({ type: 'model', result: { kind: 'export', run, config, modelLabel: CNN_MODEL_LABELS[config.model] } });
  } finally {
    model.dispose();
  }
}
