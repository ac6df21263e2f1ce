import { backendMessage, type BackendName } from '../../config/backends';
import { msg, type Message } from '../../i18n/message';
import { powersOfTwo, type LabSettings } from '../../config/labConfig';
import { matmulPoint } from '../bench/matmulSweep';
import { runSweep } from '../bench/sweepScheduler';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { JobCancelled } from '../owner/cancelToken';
import type { BatchSweepPoint, MatmulSweepPoint } from '../protocol/lab';
import { progress, startingMessage, stopKind, type LabJobContext } from './jobContext';
import { profileStep } from './kernelProfile';
import { buildLabWorkload } from './labWorkload';
import { raceEngines } from '../../config/gpuEngines';
import { summarizeSteps } from './stepStats';
import { PointBudget } from './sweepBudget';
import { timeTraining } from './timeTraining';

/** Matrix-multiply time grows as n³; a training step's roughly as the batch. */
const MATMUL_TIME_EXPONENT = 3;
const BATCH_TIME_EXPONENT = 1;
const MS_PER_SECOND = 1000;

interface SweepSpec<T> {
  backends: BackendName[];
  values: number[];
  valueLabel: 'size' | 'batch';
  runPoint(backend: BackendName, value: number, report: (message: Message) => void): Promise<T>;
  onPoint(point: T): void;
}

/**
 * Every value on every backend through the shared sweep scheduler: each point wrapped in WebGPU
 * error scopes, a failing point (out of memory, over budget) ends only its backend's sweep.
 */
async function sweep<T>(ctx: LabJobContext, spec: SweepSpec<T>): Promise<void> {
  const sorted = [...spec.values].sort((a, b) => a - b);
  let lastError: unknown;
  let active: BackendName | null = null;
  const outcome = await runSweep(
    { backends: spec.backends, values: sorted, valueLabel: spec.valueLabel },
    async (backend, value) => {
      const fraction = (spec.backends.indexOf(backend) + sorted.indexOf(value) / sorted.length) / spec.backends.length;
      const report = (message: Message) => progress(ctx, fraction, message);
      try {
        if (active !== backend) {
          active = null;
          report(startingMessage(backend));
          await ctx.host.activate(backend);
          active = backend;
        }
        return await withWebGpuErrorScopes(() => spec.runPoint(backend, value, report));
      } catch (err) {
        lastError = err;
        throw err;
      }
    },
    {
      onPoint: (_backend, _value, point) => spec.onPoint(point),
      onBackendStopped: (backend, value, reason) => {
        if (ctx.token.cancelled) return;
        ctx.emit({ type: 'backendStopped', stop: { backend, value, kind: stopKind(lastError), reason } });
      },
      isCancelled: () => ctx.token.cancelled,
    },
  );
  if (outcome.cancelled || ctx.token.cancelled) throw new JobCancelled();
  progress(ctx, 1, msg('engine.progress.sweepDone'));
}

/** GFLOP/s of n×n matrix multiply against n, per backend; each point's timed region ends with a read-back. */
export async function runMatmulSweep(settings: LabSettings, ctx: LabJobContext): Promise<void> {
  const budget = new PointBudget(settings.sweepBudgetSeconds * MS_PER_SECOND, MATMUL_TIME_EXPONENT);
  const warmupRuns = settings.matmulWarmupRuns;
  const timedRuns = settings.matmulTimedRuns;
  const runsPerPoint = warmupRuns + timedRuns;
  await sweep<MatmulSweepPoint>(ctx, {
    backends: settings.backends,
    values: powersOfTwo(settings.matmulFrom, settings.matmulTo),
    valueLabel: 'size',
    runPoint: async (backend, size, report) => {
      budget.check(backend, size);
      report(msg('engine.progress.matmul', { backend: backendMessage(backend), size, warmup: warmupRuns, timed: timedRuns }));
      const point = await matmulPoint(size, { warmup: warmupRuns, runs: timedRuns });
      budget.record(backend, size, point.medianMs * runsPerPoint);
      return { ...point, backend };
    },
    onPoint: (point) => ctx.emit({ type: 'sweepPoint', sweep: 'matmul', point }),
  });
}

/** Training throughput against batch size, per backend, each batch with a freshly built model and data. */
export async function runBatchSweep(settings: LabSettings, ctx: LabJobContext): Promise<void> {
  const budget = new PointBudget(settings.sweepBudgetSeconds * MS_PER_SECOND, BATCH_TIME_EXPONENT);
  const { warmupSteps, measuredSteps } = settings;
  await sweep<BatchSweepPoint>(ctx, {
    backends: settings.backends,
    values: powersOfTwo(settings.batchFrom, settings.batchTo),
    valueLabel: 'batch',
    runPoint: async (backend, batchSize, report) => {
      budget.check(backend, batchSize);
      // WebGPU sweeps on the first engine the race would run (the app's, unless only TensorFlow.js's is asked for).
      const { workload } = await buildLabWorkload({ ...settings, batchSize }, backend, ctx.host, report, raceEngines(settings.webgpuEngines)[0]);
      try {
        const times = await timeTraining(workload, warmupSteps, measuredSteps, ctx.token, (done, total) =>
          report(msg('engine.progress.batchStep', { backend: backendMessage(backend), batch: batchSize, done, total })),
        );
        const stats = summarizeSteps(times.firstStepMs, times.stepTimesMs, workload.examplesPerStep, workload.flopsPerStep);
        budget.record(backend, batchSize, stats.medianStepMs * (warmupSteps + measuredSteps + 1));
        ctx.token.throwIfCancelled();
        const profiled = await profileStep(workload);
        const engine = workload.info.engine === 'app' ? { engine: 'app' as const } : {};
        return { backend, ...engine, batchSize, ...stats, peakBytes: profiled.peakBytes, gpuBytes: times.gpuBytes, numTensors: times.numTensors };
      } finally {
        workload.dispose();
      }
    },
    onPoint: (point) => ctx.emit({ type: 'sweepPoint', sweep: 'batch', point }),
  });
}
