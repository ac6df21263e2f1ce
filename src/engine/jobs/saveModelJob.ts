import { encodeCheckpoint, isCnnCheckpoint } from '../protocol/checkpointFormat';
import type { RequestOf } from '../protocol/jobs';
import type { EngineJobContext } from './types';

/** Writes the run the worker kept (the last CNN or GAN run, or the last saved model evaluated) as a GPCK file. */
export async function runSaveModel(_request: RequestOf<'saveModel'>, ctx: EngineJobContext): Promise<void> {
  const checkpoint = ctx.host.lastRun.requireFile();
  const bytes = encodeCheckpoint(checkpoint);
  const testAccuracy = isCnnCheckpoint(checkpoint) ? (checkpoint.summary.lastEval?.testAccuracy ?? null) : null;
  ctx.emit({ type: 'model', result: { kind: 'file', bytes: bytes.buffer as ArrayBuffer, config: checkpoint.config, step: checkpoint.progress.step, testAccuracy } });
}
