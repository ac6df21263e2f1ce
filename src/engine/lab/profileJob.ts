import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { progress, type JobContext } from './jobContext';
import { groupKernels, profileStep } from './kernelProfile';
import { kernelTiming } from './kernelTiming';
import type { LabCommand, ProfileResult } from './labProtocol';
import { buildLabWorkload } from './labWorkload';
import { timeTraining } from './timeTraining';

type ProfileCommand = Extract<LabCommand, { type: 'profile' }>;

/** tf.profile of one training step after the warm-up, kernels grouped by name. Its times are never throughput. */
export async function runProfile(cmd: ProfileCommand, ctx: JobContext): Promise<void> {
  const { backend, workload: spec } = cmd;
  progress(ctx, 0, `${backend}: starting the backend…`);
  await ctx.deps.activate(backend);
  const result = await withWebGpuErrorScopes(async (): Promise<ProfileResult> => {
    const { workload } = await buildLabWorkload(spec, backend, ctx.deps, (message) => progress(ctx, 0.1, message));
    try {
      await timeTraining(workload, spec.warmupSteps, 0, ctx.token, (done, total) => progress(ctx, 0.2 + (0.5 * done) / total, `${backend}: warm-up step ${done} of ${total}`));
      progress(ctx, 0.75, `${backend}: profiling one training step…`);
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
  ctx.emit({ type: 'profile', runId: ctx.runId, result });
  progress(ctx, 1, 'Profile finished');
}
