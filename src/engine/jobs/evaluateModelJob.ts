import { assertFits, onBackend, requireCnnCheckpoint, workloadDiffers } from '../checkpoints/loadCheckpoint';
import { stateOf } from '../checkpoints/savedModel';
import type { RequestOf } from '../protocol/jobs';
import type { CnnRunConfig } from '../../config/cnnConfig';
import { modelMessage } from '../../config/models';
import { msg, MessageError } from '../../i18n/message';
import { saveJudge } from '../gan/judge';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { buildWorkload } from './buildWorkload';
import { keepForInspection } from './trainJob';
import type { EngineJobContext } from './types';

/**
 * Loads a saved model on the backend asked for and evaluates it on its data set's test split. The
 * file is validated first (a refused one fails the job with the validator's sentence); once it
 * loads, it becomes the worker's kept model, so Save and Export act on it, and the model a look inside
 * (draw a digit, confusion matrix, filters) reads.
 */
export async function runEvaluateModel(request: RequestOf<'evaluateModel'>, ctx: EngineJobContext): Promise<void> {
  const checkpoint = requireCnnCheckpoint(request.checkpoint);
  const config = onBackend(checkpoint.config, request.backend);
  const workload = await buildWorkload(config, ctx.host, ctx.emit);
  try {
    if (!(workload instanceof CnnWorkload)) throw new MessageError(workloadDiffers());
    assertFits(workload.model, checkpoint);
    workload.restoreState(stateOf(checkpoint));
    ctx.token.throwIfCancelled();
    const { step, epoch } = checkpoint.progress;
    const point = await workload.evaluate(step, epoch);
    ctx.host.lastRun.keep(checkpoint);
    await keepForInspection(workload, config, point, step, ctx, msg('engine.inspect.loaded', { model: modelMessage(config.model) }));
    ctx.emit({ type: 'model', result: { kind: 'eval', point, backend: workload.info.backend, judge: await keepAsJudge(workload, config, point.testAccuracy) } });
  } finally {
    workload.dispose();
  }
}

/** Keeps an accurate loaded classifier as the GAN judge; false when it is not accurate enough, or storage fails. */
async function keepAsJudge(workload: CnnWorkload, config: CnnRunConfig, testAccuracy: number): Promise<boolean> {
  try {
    return await saveJudge(workload.model, config.dataset, testAccuracy);
  } catch {
    return false;
  }
}
