import { requireRunConfig, type RunConfig } from '../../config/workloads';
import { summarize } from '../../metrics/stats';
import { activeWasmRun, withWasmSettings } from '../backends/wasmSettings';
import { bareLoopFor } from '../bareLoops';
import { groupKernels, profileStep } from '../lab/kernelProfile';
import type { RequestOf } from '../protocol/jobs';
import type { BenchRow, MetricsPoint } from '../protocol/training';
import { TrainingLoop } from '../trainingLoop';
import type { TrainingWorkload } from '../workloads/types';
import { buildWorkload } from './buildWorkload';
import { measureStepFigures } from '../gpu/bench/stepFigures';
import type { EngineJobContext } from './types';

type BenchCommand = RequestOf<'benchmark'>;

/** Rounds alternate which loop goes first, so neither gains from the other's warm caches. */
const DEFAULT_ROUNDS = 2;
/** Profiled steps whose kernel times are summed (each kernel's share is stable after a few). */
const PROFILED_STEPS = 3;

interface LoopTiming {
  firstStepMs: number;
  stepTimes: number[];
}

/**
 * Times the app's training loop and (optionally) a bare tfjs trainOnBatch loop (bareLoops.ts) on the same model,
 * batch, data and backend, in alternating rounds, so their ratio shows what the app's loop costs or saves.
 */
export async function runBenchmark(
  command: BenchCommand,
  build: (config: RunConfig) => Promise<TrainingWorkload>,
): Promise<BenchRow[]> {
  if (command.stepFigures) return [await figuresRow(command, command.stepFigures, await build(command.config))];
  const rounds = command.includeBareLoop ? (command.rounds ?? DEFAULT_ROUNDS) : 1;
  const timings: Record<BenchRow['loop'], LoopTiming[]> = { app: [], bare: [] };
  const extras: Partial<BenchRow> = {};
  let reference: TrainingWorkload | null = null;
  for (let round = 0; round < rounds; round++) {
    const order: BenchRow['loop'][] = !command.includeBareLoop ? ['app'] : round % 2 === 0 ? ['app', 'bare'] : ['bare', 'app'];
    for (const loop of order) {
      const workload = await build(command.config);
      reference ??= workload;
      if (loop === 'app' && round === 0) Object.assign(extras, await measureExtras(command, workload));
      timings[loop].push(loop === 'app' ? await timeAppLoop(command, workload) : await timeBareLoop(command, workload));
    }
  }
  if (!reference) throw new Error('No benchmark round ran.');
  const rows = [{ ...rowFrom('app', reference, timings.app), ...extras }];
  if (command.includeBareLoop) rows.push({ ...rowFrom('bare', reference, timings.bare), ...extras, forwardMs: undefined });
  return rows;
}

/** One step counted at the WebGPU API and timed with steps in flight: the engine bench's row. */
async function figuresRow(command: BenchCommand, windows: { windows: number; windowSteps: number }, workload: TrainingWorkload): Promise<BenchRow> {
  try {
    const figures = await measureStepFigures(workload, { warmupSteps: command.warmupSteps, ...windows });
    const examplesPerSec = (workload.examplesPerStep * 1000) / figures.stepMs;
    return {
      loop: 'app',
      backend: workload.info.backend,
      engine: workload.info.engine,
      figures,
      ...(workload.engineTuning?.() ? { tuning: workload.engineTuning() ?? undefined } : {}),
      firstStepMs: figures.firstStepMs,
      medianStepMs: figures.stepMs,
      p90StepMs: figures.stepMs,
      examplesPerSec,
      gflops: workload.flopsPerStep / (figures.stepMs * 1e6),
    };
  } finally {
    workload.dispose();
  }
}

/** Forward passes and a kernel profile where asked, and what the WebAssembly backend ran on; before the timed steps. */
async function measureExtras(command: BenchCommand, workload: TrainingWorkload): Promise<Partial<BenchRow>> {
  const extras: Partial<BenchRow> = {};
  const wasm = activeWasmRun();
  if (wasm) extras.wasm = wasm;
  if (command.measureForward && workload.forward) {
    const times: number[] = [];
    for (let i = 0; i < command.warmupSteps + command.measuredSteps; i++) {
      const start = performance.now();
      const out = workload.forward();
      await out.data();
      out.dispose();
      if (i >= command.warmupSteps) times.push(performance.now() - start);
    }
    extras.forwardMs = summarize(times).median;
  }
  if (command.profileKernels) {
    const kernels = [];
    for (let i = 0; i < PROFILED_STEPS; i++) kernels.push(...(await profileStep(workload)).kernels);
    const { groups, totalMs } = groupKernels(kernels, true);
    extras.kernelProfile = { groups: groups.map((g) => ({ ...g, count: g.count / PROFILED_STEPS, totalMs: g.totalMs === null ? null : g.totalMs / PROFILED_STEPS })), totalMs: totalMs === null ? null : totalMs / PROFILED_STEPS };
  }
  return extras;
}

async function timeAppLoop(command: BenchCommand, workload: TrainingWorkload): Promise<LoopTiming> {
  const windows: MetricsPoint[] = [];
  let firstStepMs = NaN;
  const loop = new TrainingLoop(workload, {
    onState: () => undefined,
    onFirstStep: (ms) => (firstStepMs = ms),
    onMetrics: (point) => windows.push(point),
    onEpochEnd: async () => undefined,
  });
  try {
    await loop.run(command.warmupSteps + command.measuredSteps, command.warmupSteps);
  } finally {
    workload.dispose();
  }
  // The app syncs once per window, so each measured step carries its window's mean time.
  const measured = windows.filter((w) => w.step - w.stepsInWindow >= command.warmupSteps);
  return { firstStepMs, stepTimes: measured.flatMap((w) => Array<number>(w.stepsInWindow).fill(w.stepMs)) };
}

async function timeBareLoop(command: BenchCommand, workload: TrainingWorkload): Promise<LoopTiming> {
  const stepTimes: number[] = [];
  let firstStepMs = NaN;
  try {
    const bare = bareLoopFor(workload, command.config);
    try {
      for (let i = 0; i < command.warmupSteps + command.measuredSteps; i++) {
        const start = performance.now();
        await bare.step();
        const ms = performance.now() - start;
        if (i === 0) firstStepMs = ms;
        if (i >= command.warmupSteps) stepTimes.push(ms);
      }
    } finally {
      bare.dispose();
    }
  } finally {
    workload.dispose();
  }
  return { firstStepMs, stepTimes };
}

/** First-step time is that of the loop's first round; step statistics pool every round. */
function rowFrom(loop: BenchRow['loop'], workload: TrainingWorkload, timings: LoopTiming[]): BenchRow {
  const stepTimes = timings.flatMap((t) => t.stepTimes);
  if (stepTimes.length === 0) throw new Error('No measured steps: raise the measured step count.');
  const s = summarize(stepTimes);
  return {
    loop,
    backend: workload.info.backend,
    firstStepMs: timings[0].firstStepMs,
    medianStepMs: s.median,
    p90StepMs: s.p90,
    examplesPerSec: (workload.examplesPerStep * 1000) / s.mean,
    gflops: workload.flopsPerStep / (s.mean * 1e6),
  };
}

/** The bench page's job: app loop against bare loop on one backend, the rows sent as one event. */
export async function runBenchmarkJob(request: BenchCommand, ctx: EngineJobContext): Promise<void> {
  const config = requireRunConfig(request.config);
  const run = () => runBenchmark({ ...request, config }, (c) => buildWorkload(c, ctx.host, ctx.emit, { ...(request.gemm ? { gemm: request.gemm } : {}), ...(request.tuneBudgetMs ? { tuneBudgetMs: request.tuneBudgetMs } : {}) }));
  const rows = config.backend === 'wasm' && request.wasm ? await withWasmSettings(request.wasm, run) : await run();
  ctx.emit({ type: 'benchmark', rows });
}
