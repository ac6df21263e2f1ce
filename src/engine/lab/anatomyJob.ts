import * as tf from '@tensorflow/tfjs';
import { median } from '../../metrics/stats';
import { syncCost, timeStepAnatomy } from '../bench/stepAnatomy';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { backendMessage } from '../../config/backends';
import type { LabSettings } from '../../config/labConfig';
import { msg } from '../../i18n/message';
import type { AnatomyResult } from '../protocol/lab';
import type { TrainingWorkload } from '../workloads/types';
import { progress, startingMessage, type LabJobContext } from './jobContext';
import { hostBatch } from './hostBatch';
import { kernelTiming } from './kernelTiming';
import { buildLabWorkload, LAB_LEARNING_RATE } from './labWorkload';
import { disposeScalars } from './timeTraining';
import { adam } from '../workloads/adam';

/** One app training step that hands back only its loss (for syncCost), the other scalars disposed. */
function lossStep(workload: TrainingWorkload): () => tf.Scalar {
  return () => {
    const { loss, ...rest } = workload.step();
    disposeScalars(rest);
    return loss;
  };
}

/** Median tf.time kernel time of `runs` training steps; call only where kernelTiming('time') has a source. */
async function medianKernelMs(workload: TrainingWorkload, runs: number): Promise<number | null> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    let scalars: Record<string, tf.Scalar> = {};
    const timing = await tf.time(() => {
      scalars = workload.step();
    });
    await Promise.all(Object.values(scalars).map((t) => t.data()));
    disposeScalars(scalars);
    if (typeof timing.kernelMs !== 'number' || !Number.isFinite(timing.kernelMs)) return null;
    times.push(timing.kernelMs);
  }
  return times.length ? median(times) : null;
}

/** Upload / compute / read-back of one training step, sync-every-step against every-k, and kernel time. */
export async function runAnatomy(spec: LabSettings, ctx: LabJobContext): Promise<void> {
  const backend = spec.anatomyBackend;
  progress(ctx, 0, startingMessage(backend));
  await ctx.host.activate(backend);
  const result = await withWebGpuErrorScopes(async (): Promise<AnatomyResult> => {
    const { workload, data } = await buildLabWorkload(spec, backend, ctx.host, (message) => progress(ctx, 0.05, message));
    const optimizer = adam(LAB_LEARNING_RATE);
    try {
      const name = backendMessage(backend);
      progress(ctx, 0.1, msg('engine.progress.anatomy', { backend: name }));
      const anatomy = await timeStepAnatomy(workload.model, optimizer, hostBatch(data.train, spec.batchSize, data.classCount, data.shape), { warmup: spec.warmupSteps, runs: spec.measuredSteps });
      ctx.token.throwIfCancelled();
      progress(ctx, 0.45, msg('engine.progress.sync', { backend: name, steps: spec.syncSteps, k: spec.everyK }));
      const sync = await syncCost(lossStep(workload), spec.syncSteps, spec.everyK);
      ctx.token.throwIfCancelled();
      progress(ctx, 0.85, msg('engine.progress.kernelTime', { backend: name }));
      const timing = kernelTiming('time');
      const kernelMs = timing.source === 'unavailable' ? null : await medianKernelMs(workload, spec.measuredSteps);
      const kernelTimingResult = kernelMs === null && timing.source !== 'unavailable' ? { source: 'unavailable' as const, note: msg('engine.timing.noKernelTime') } : timing;
      return { ...anatomy, backend, modelLabel: workload.info.modelLabel, batchSize: spec.batchSize, sync, kernelMs, kernelTiming: kernelTimingResult };
    } finally {
      optimizer.dispose();
      workload.dispose();
    }
  });
  ctx.emit({ type: 'anatomy', result });
  progress(ctx, 1, msg('engine.progress.anatomyDone'));
}
