import type { LabSettings } from '../../config/labConfig';
import { msg, type Message } from '../../i18n/message';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { JobCancelled } from '../owner/cancelToken';
import { laneStop, progress, startingMessage, type LabJobContext } from './jobContext';
import { raceLanes } from '../../config/gpuEngines';
import { laneMessage } from '../../config/lanes';
import { buildLabWorkload } from './labWorkload';
import { timeTraining } from './timeTraining';

/**
 * The same model, seed, batches and number of steps on each backend in turn, every step's loss read
 * back: if two backends implement training alike, their loss curves lie on top of each other. A
 * backend that fails is reported and skipped.
 */
export async function runParity(settings: LabSettings, ctx: LabJobContext): Promise<void> {
  const lanes = raceLanes(settings.backends, settings.webgpuEngines);
  for (const [index, lane] of lanes.entries()) {
    const { backend } = lane;
    ctx.token.throwIfCancelled();
    const report = (fraction: number, message: Message) => progress(ctx, (index + fraction) / lanes.length, message);
    report(0, startingMessage(backend, laneMessage(lane)));
    try {
      await ctx.host.activate(backend);
      const curve = await withWebGpuErrorScopes(async () => {
        const { workload } = await buildLabWorkload(settings, backend, ctx.host, (message) => report(0, message), lane.engine);
        try {
          const times = await timeTraining(workload, 0, settings.paritySteps, ctx.token, (done, total) =>
            report(done / total, msg('engine.progress.step', { backend: laneMessage(lane), done, total })),
          );
          const losses = times.points.map((p) => p.scalars.loss ?? NaN);
          const { engine, engineNote } = workload.info;
          return { backend, ...(engine === 'app' ? { engine } : {}), ...(engineNote ? { engineNote } : {}), losses };
        } finally {
          workload.dispose();
        }
      });
      ctx.emit({ type: 'parityCurve', curve });
    } catch (err) {
      if (err instanceof JobCancelled || ctx.token.cancelled) throw new JobCancelled();
      ctx.emit({ type: 'backendStopped', stop: laneStop(lane, err) });
    }
  }
  progress(ctx, 1, msg('engine.progress.parityDone'));
}
