import type { BackendName } from '../../config/backends';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { LabCancelled } from './cancelToken';
import { progress, raceStop, type JobContext } from './jobContext';
import { profileStep } from './kernelProfile';
import type { LabCommand, LabWorkload, RaceRow } from './labProtocol';
import { buildLabWorkload } from './labWorkload';
import { summarizeSteps } from './stepStats';
import { timeTraining } from './timeTraining';

type RaceCommand = Extract<LabCommand, { type: 'race' }>;
type Report = (fractionOfBackend: number, message: string) => void;

/**
 * The same workload on each backend in turn, each with a freshly built model and data; a backend
 * that fails is reported and skipped, never replaced by another.
 */
export async function runRace(cmd: RaceCommand, ctx: JobContext): Promise<void> {
  const count = cmd.backends.length;
  for (const [index, backend] of cmd.backends.entries()) {
    ctx.token.throwIfCancelled();
    const report: Report = (fraction, message) => progress(ctx, (index + fraction) / count, message);
    report(0, `${backend}: starting the backend…`);
    try {
      await ctx.deps.activate(backend);
      const row = await withWebGpuErrorScopes(() => raceOn(backend, cmd.workload, ctx, report));
      ctx.emit({ type: 'raceRow', runId: ctx.runId, row });
    } catch (err) {
      if (err instanceof LabCancelled || ctx.token.cancelled) throw new LabCancelled();
      ctx.emit({ type: 'backendStopped', runId: ctx.runId, stop: raceStop(backend, err) });
    }
  }
  progress(ctx, 1, 'Race finished');
}

async function raceOn(backend: BackendName, spec: LabWorkload, ctx: JobContext, report: Report): Promise<RaceRow> {
  const { workload } = await buildLabWorkload(spec, backend, ctx.deps, (message) => report(0, message));
  try {
    const total = spec.warmupSteps + spec.measuredSteps;
    // One more slot than steps: the profiled step for peak memory comes last.
    const times = await timeTraining(workload, spec.warmupSteps, spec.measuredSteps, ctx.token, (done) =>
      report(done / (total + 1), `${backend}: step ${done} of ${total}${done <= spec.warmupSteps ? ' (warm-up)' : ''}`),
    );
    ctx.token.throwIfCancelled();
    report(total / (total + 1), `${backend}: one profiled step for peak memory…`);
    const profiled = await profileStep(workload);
    return {
      backend,
      modelLabel: workload.info.modelLabel,
      batchSize: spec.batchSize,
      warmupSteps: spec.warmupSteps,
      ...summarizeSteps(times.firstStepMs, times.stepTimesMs, workload.examplesPerStep, workload.flopsPerStep),
      peakBytes: profiled.peakBytes,
      gpuBytes: times.gpuBytes,
      numTensors: times.numTensors,
      flags: workload.info.flags,
      stepTrace: times.points.map((p) => ({ step: p.step, stepMs: p.stepMs, loss: p.scalars.loss ?? NaN, bytes: p.bytes, gpuBytes: p.gpuBytes })),
    };
  } finally {
    workload.dispose();
  }
}
