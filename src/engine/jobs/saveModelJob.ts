import { encodeCheckpoint } from '../protocol/checkpointFormat';
import type { RequestOf } from '../protocol/jobs';
import type { EngineJobContext } from './types';

/** Writes the run the worker kept (the last CNN run, or the last saved model evaluated) as a GPCK file. */
export async function runSaveModel(_request: RequestOf<'saveModel'>, ctx: EngineJobContext): Promise<void> {
  const checkpoint = ctx.host.lastRun.require();
  const bytes = encodeCheckpoint(checkpoint);
  ctx.emit({
    type: 'model',
    result: { kind: 'file', bytes: bytes.buffer as ArrayBuffer, config: checkpoint.config, step: checkpoint.progress.step, testAccuracy: checkpoint.summary.lastEval?.testAccuracy ?? null },
  });
}
