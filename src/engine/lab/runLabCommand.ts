import { detectBackends, errorMessage } from '../backends/detect';
import { collectDeviceReport, formatDeviceReport } from '../device/deviceReport';
import { runAnatomy } from './anatomyJob';
import { LabCancelled, type CancelToken } from './cancelToken';
import { progress, type JobContext } from './jobContext';
import type { LabEvent, LabJobCommand } from './labProtocol';
import type { LabDeps } from './labWorkload';
import { runProfile } from './profileJob';
import { runRace } from './raceJob';
import { runBatchSweep, runMatmulSweep } from './sweepJobs';

async function runDeviceReport(ctx: JobContext): Promise<void> {
  progress(ctx, 0, 'Reading the browser, GPU adapter and TensorFlow.js…');
  await ctx.deps.evaluateFlags();
  const [report, backends] = await Promise.all([collectDeviceReport(), detectBackends()]);
  ctx.emit({ type: 'deviceReport', runId: ctx.runId, report, text: formatDeviceReport(report), backends });
}

/** Runs one lab job to its end: exactly one `done` (cancelled or not) or `error` event closes it. */
export async function runLabCommand(command: LabJobCommand, deps: LabDeps, emit: (event: LabEvent) => void, token: CancelToken): Promise<void> {
  const ctx: JobContext = { runId: command.runId, deps, token, emit };
  try {
    switch (command.type) {
      case 'deviceReport':
        await runDeviceReport(ctx);
        break;
      case 'race':
        await runRace(command, ctx);
        break;
      case 'matmulSweep':
        await runMatmulSweep(command, ctx);
        break;
      case 'batchSweep':
        await runBatchSweep(command, ctx);
        break;
      case 'anatomy':
        await runAnatomy(command, ctx);
        break;
      case 'profile':
        await runProfile(command, ctx);
        break;
    }
    emit({ type: 'done', runId: command.runId, cancelled: false });
  } catch (err) {
    if (err instanceof LabCancelled || token.cancelled) emit({ type: 'done', runId: command.runId, cancelled: true });
    else emit({ type: 'error', runId: command.runId, message: errorMessage(err) });
  }
}
