import { backendMessage } from '../../config/backends';
import type { LabSettings } from '../../config/labConfig';
import { msg, type Message } from '../../i18n/message';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { JobCancelled } from '../owner/cancelToken';
import { progress, raceStop, startingMessage, type LabJobContext } from './jobContext';
import { buildLabWorkload } from './labWorkload';
import { timeTraining } from './timeTraining';

/**
 * The same model, seed, batches and number of steps on each backend in turn, every step's loss read
 * back: if two backends implement training alike, their loss curves lie on top of each other. A
 * backend that fails is reported and skipped.
 */
export async function runParity(settings: LabSettings, ctx: LabJobContext): Promise<void> {
  const count = settings.backends.length;
  for (const [index, backend] of settings.backends.entries()) {
    ctx.token.throwIfCancelled();
    const report = (fraction: number, message: Message) => progress(ctx, (index + fraction) / count, message);
    report(0, startingMessage(backend));
    try {
      await ctx.host.activate(backend);
      const losses = await withWebGpuErrorScopes(async () => {
        const { workload } = await buildLabWorkload(settings, backend, ctx.host, (message) => report(0, message));
        try {
          const times = await timeTraining(workload, 0, settings.paritySteps, ctx.token, (done, total) =>
            report(done / total, msg('engine.progress.step', { backend: backendMessage(backend), done, total })),
          );
          return times.points.map((p) => p.scalars.loss ?? NaN);
        } finally {
          workload.dispose();
        }
      });
      ctx.emit({ type: 'parityCurve', curve: { backend, losses } });
    } catch (err) {
      if (err instanceof JobCancelled || ctx.token.cancelled) throw new JobCancelled();
      ctx.emit({ type: 'backendStopped', stop: raceStop(backend, err) });
    }
  }
  progress(ctx, 1, msg('engine.progress.parityDone'));
}
