import { backendMessage } from '../../config/backends';
import type { LabSettings } from '../../config/labConfig';
import { msg } from '../../i18n/message';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import type { ProfileResult } from '../protocol/lab';
import { progress, startingMessage, type LabJobContext } from './jobContext';
import { groupKernels, profileStep } from './kernelProfile';
import { kernelTiming } from './kernelTiming';
import { buildLabWorkload } from './labWorkload';
import { timeTraining } from './timeTraining';

/** tf.profile of one training step after the warm-up, kernels grouped by name. Its times are never throughput. */
export async function runProfile(spec: LabSettings, ctx: LabJobContext): Promise<void> {
  const backend = spec.profileBackend;
  progress(ctx, 0, startingMessage(backend));
  await ctx.host.activate(backend);
  const result = await withWebGpuErrorScopes(async (): Promise<ProfileResult> => {
    const { workload } = await buildLabWorkload(spec, backend, ctx.host, (message) => progress(ctx, 0.1, message));
    try {
      const name = backendMessage(backend);
      await timeTraining(workload, spec.warmupSteps, 0, ctx.token, (done, total) => progress(ctx, 0.2 + (0.5 * done) / total, msg('engine.progress.warmupStep', { backend: name, done, total })));
      progress(ctx, 0.75, msg('engine.progress.profiling', { backend: name }));
      const timing = kernelTiming('profile');
      const profiled = await profileStep(workload);
      const { groups, totalMs } = groupKernels(profiled.kernels, timing.source !== 'unavailable');
      return {
        backend,
        modelLabel: workload.info.modelLabel,
        batchSize: spec.batchSize,
        kernels: groups,
        kernelCount: profiled.kernels.length,
        totalKernelMs: totalMs,
        profiledStepMs: profiled.wallMs,
        peakBytes: profiled.peakBytes,
        kernelTiming: timing,
      };
    } finally {
      workload.dispose();
    }
  });
  ctx.emit({ type: 'profile', result });
  progress(ctx, 1, msg('engine.progress.profileDone'));
}
