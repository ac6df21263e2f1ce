import type { BackendName } from '../../config/backends';
import { matmulPoint } from '../bench/matmulSweep';
import { runSweep } from '../bench/sweepScheduler';
import { withWebGpuErrorScopes } from '../bench/webgpuErrors';
import { LabCancelled } from './cancelToken';
import { progress, stopKind, type JobContext } from './jobContext';
import { profileStep } from './kernelProfile';
import type { BatchSweepPoint, LabCommand, MatmulSweepPoint } from './labProtocol';
import { buildLabWorkload } from './labWorkload';
import { summarizeSteps } from './stepStats';
import { PointBudget } from './sweepBudget';
import { timeTraining } from './timeTraining';

type MatmulCommand = Extract<LabCommand, { type: 'matmulSweep' }>;
type BatchCommand = Extract<LabCommand, { type: 'batchSweep' }>;

/** Matrix-multiply time grows as n³; a training step's roughly as the batch. */
const MATMUL_TIME_EXPONENT = 3;
const BATCH_TIME_EXPONENT = 1;

interface SweepSpec<T> {
  backends: BackendName[];
  values: number[];
  valueLabel: 'size' | 'batch';
  runPoint(backend: BackendName, value: number, report: (message: string) => void): Promise<T>;
  onPoint(point: T): void;
}

/**
 * Every value on every backend through the shared sweep scheduler: each point wrapped in WebGPU
 * error scopes, a failing point (out of memory, over budget) ends only its backend's sweep.
 */
async function sweep<T>(ctx: JobContext, spec: SweepSpec<T>): Promise<void> {
  const sorted = [...spec.values].sort((a, b) => a - b);
  let lastError: unknown;
  let active: BackendName | null = null;
  const outcome = await runSweep(
    { backends: spec.backends, values: sorted, valueLabel: spec.valueLabel },
    async (backend, value) => {
      const fraction = (spec.backends.indexOf(backend) + sorted.indexOf(value) / sorted.length) / spec.backends.length;
      const report = (message: string) => progress(ctx, fraction, message);
      try {
        if (active !== backend) {
          active = null;
          report(`${backend}: starting the backend…`);
          await ctx.deps.activate(backend);
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
        ctx.emit({ type: 'backendStopped', runId: ctx.runId, stop: { backend, value, kind: stopKind(lastError), reason } });
      },
      isCancelled: () => ctx.token.cancelled,
    },
  );
  if (outcome.cancelled || ctx.token.cancelled) throw new LabCancelled();
  progress(ctx, 1, 'Sweep finished');
}

/** GFLOP/s of n×n matrix multiply against n, per backend; each point's timed region ends with a read-back. */
export async function runMatmulSweep(cmd: MatmulCommand, ctx: JobContext): Promise<void> {
  const budget = new PointBudget(cmd.pointBudgetMs, MATMUL_TIME_EXPONENT);
  const runsPerPoint = cmd.warmupRuns + cmd.timedRuns;
  await sweep<MatmulSweepPoint>(ctx, {
    backends: cmd.backends,
    values: cmd.sizes,
    valueLabel: 'size',
    runPoint: async (backend, size, report) => {
      budget.check(backend, size);
      report(`${backend}: ${size}×${size} matrix multiply, ${cmd.warmupRuns} warm-up + ${cmd.timedRuns} timed runs…`);
      const point = await matmulPoint(size, { warmup: cmd.warmupRuns, runs: cmd.timedRuns });
      budget.record(backend, size, point.medianMs * runsPerPoint);
      return { ...point, backend };
    },
    onPoint: (point) => ctx.emit({ type: 'sweepPoint', runId: ctx.runId, sweep: 'matmul', point }),
  });
}

/** Training throughput against batch size, per backend, each batch with a freshly built model and data. */
export async function runBatchSweep(cmd: BatchCommand, ctx: JobContext): Promise<void> {
  const budget = new PointBudget(cmd.pointBudgetMs, BATCH_TIME_EXPONENT);
  const { warmupSteps, measuredSteps } = cmd.workload;
  await sweep<BatchSweepPoint>(ctx, {
    backends: cmd.backends,
    values: cmd.batchSizes,
    valueLabel: 'batch',
    runPoint: async (backend, batchSize, report) => {
      budget.check(backend, batchSize);
      const { workload } = await buildLabWorkload({ ...cmd.workload, batchSize }, backend, ctx.deps, report);
      try {
        const times = await timeTraining(workload, warmupSteps, measuredSteps, ctx.token, (done, total) => report(`${backend}: batch ${batchSize}, step ${done} of ${total}`));
        const stats = summarizeSteps(times.firstStepMs, times.stepTimesMs, workload.examplesPerStep, workload.flopsPerStep);
        budget.record(backend, batchSize, stats.medianStepMs * (warmupSteps + measuredSteps + 1));
        ctx.token.throwIfCancelled();
        const profiled = await profileStep(workload);
        return { backend, batchSize, ...stats, peakBytes: profiled.peakBytes, gpuBytes: times.gpuBytes, numTensors: times.numTensors };
      } finally {
        workload.dispose();
      }
    },
    onPoint: (point) => ctx.emit({ type: 'sweepPoint', runId: ctx.runId, sweep: 'batch', point }),
  });
}
