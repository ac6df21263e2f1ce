import { msg, type Message } from '../../i18n/message';
import type { LabSettings, LabWorkload } from '../../config/labConfig';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { JobCancelled } from '../owner/cancelToken';
import type { RaceRow } from '../protocol/lab';
import { engineOf, laneStop, progress, startingMessage, type LabJobContext } from './jobContext';
import { raceLanes, type Lane } from '../../config/gpuEngines';
import { laneMessage } from '../../config/lanes';
import { profileStep } from './kernelProfile';
import { buildLabWorkload } from './labWorkload';
import { summarizeSteps } from './stepStats';
import { timeTraining } from './timeTraining';
import { activeWasmRun } from '../backends/wasmSettings';

type Report = (fractionOfBackend: number, message: Message) => void;

/**
 * The same workload on each backend in turn, each with a freshly built model and data; a backend
 * that fails is reported and skipped, never replaced by another.
 */
export async function runRace(settings: LabSettings, ctx: LabJobContext): Promise<void> {
  const lanes = raceLanes(settings.backends, settings.webgpuEngines);
  for (const [index, lane] of lanes.entries()) {
    ctx.token.throwIfCancelled();
    const report: Report = (fraction, message) => progress(ctx, (index + fraction) / lanes.length, message);
    report(0, startingMessage(lane.backend, laneMessage(lane)));
    try {
      await ctx.host.activate(lane.backend);
      const row = await withWebGpuErrorScopes(() => raceOn(lane, settings, ctx, report));
      ctx.emit({ type: 'raceRow', row });
    } catch (err) {
      if (err instanceof JobCancelled || ctx.token.cancelled) throw new JobCancelled();
      ctx.emit({ type: 'backendStopped', stop: laneStop(lane, err) });
    }
  }
  progress(ctx, 1, msg('engine.progress.raceDone'));
}

async function raceOn({ backend, engine }: Lane, spec: LabWorkload, ctx: LabJobContext, report: Report): Promise<RaceRow> {
  const { workload } = await buildLabWorkload(spec, backend, ctx.host, (message) => report(0, message), engine);
  try {
    const total = spec.warmupSteps + spec.measuredSteps;
    // One more slot than steps: the profiled step for peak memory comes last.
    const name = laneMessage({ backend, engine });
    const times = await timeTraining(workload, spec.warmupSteps, spec.measuredSteps, ctx.token, (done) =>
      report(done / (total + 1), msg(done <= spec.warmupSteps ? 'engine.progress.warmupStep' : 'engine.progress.step', { backend: name, done, total })),
    );
    ctx.token.throwIfCancelled();
    report(total / (total + 1), msg('engine.progress.peakStep', { backend: name }));
    const profiled = await profileStep(workload);
    return {
      backend,
      ...engineOf(workload.info),
      modelLabel: workload.info.modelLabel,
      batchSize: spec.batchSize,
      warmupSteps: spec.warmupSteps,
      ...summarizeSteps(times.firstStepMs, times.stepTimesMs, workload.examplesPerStep, workload.flopsPerStep),
      peakBytes: profiled.peakBytes,
      gpuBytes: times.gpuBytes,
      numTensors: times.numTensors,
      flags: workload.info.flags,
      stepTrace: times.points.map((p) => ({ step: p.step, stepMs: p.stepMs, loss: p.scalars.loss ?? NaN, bytes: p.bytes, gpuBytes: p.gpuBytes })),
      ...(backend === 'wasm' ? wasmThreadsOfRow() : {}),
    };
  } finally {
    workload.dispose();
  }
}

/** The threads a WebAssembly row ran on: the app's kernel pool's and XNNPACK's own. */
function wasmThreadsOfRow(): Pick<RaceRow, 'threads' | 'xnnpackThreads'> {
  const run = activeWasmRun();
  return run ? { threads: run.threads, xnnpackThreads: run.xnnpackThreads } : {};
}
