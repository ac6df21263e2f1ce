import * as tf from '@tensorflow/tfjs';
import type { RunConfig } from '../config/runConfig';
import { summarize } from '../metrics/stats';
import type { BenchRow, MetricsPoint, WorkerCommand } from './protocol';
import { TrainingLoop } from './trainingLoop';
import { CnnWorkload } from './workloads/cnnWorkload';
import type { TrainingWorkload } from './workloads/types';

type BenchCommand = Extract<WorkerCommand, { type: 'benchmark' }>;

/**
 * Times the app's training loop, then (optionally) a bare tfjs trainOnBatch loop on the same
 * model, batch, data and backend, so their ratio shows what the app's loop costs or saves.
 */
export async function runBenchmark(
  command: BenchCommand,
  build: (config: RunConfig) => Promise<TrainingWorkload>,
): Promise<BenchRow[]> {
  const rows = [await timeAppLoop(command, await build(command.config))];
  if (command.includeBareLoop) rows.push(await timeBareLoop(command, await build(command.config)));
  return rows;
}

async function timeAppLoop(command: BenchCommand, workload: TrainingWorkload): Promise<BenchRow> {
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
  const stepTimes = measured.flatMap((w) => Array<number>(w.stepsInWindow).fill(w.stepMs));
  return rowFrom('app', workload, firstStepMs, stepTimes);
}

async function timeBareLoop(command: BenchCommand, workload: TrainingWorkload): Promise<BenchRow> {
  if (!(workload instanceof CnnWorkload) || command.config.workload !== 'cnn') {
    throw new Error('The bare-loop comparison exists for the CNN workload only.');
  }
  const model = workload.model;
  model.compile({ optimizer: tf.train.adam(command.config.learningRate), loss: 'categoricalCrossentropy', metrics: ['accuracy'] });
  const stepTimes: number[] = [];
  let firstStepMs = NaN;
  try {
    for (let i = 0; i < command.warmupSteps + command.measuredSteps; i++) {
      const start = performance.now();
      const { xs, ys } = workload.nextBatch();
      await model.trainOnBatch(xs, ys); // resolves after reading the loss back: one sync per step
      const ms = performance.now() - start;
      xs.dispose();
      ys.dispose();
      if (i === 0) firstStepMs = ms;
      if (i >= command.warmupSteps) stepTimes.push(ms);
    }
  } finally {
    workload.dispose();
  }
  return rowFrom('bare', workload, firstStepMs, stepTimes);
}

function rowFrom(loop: BenchRow['loop'], workload: TrainingWorkload, firstStepMs: number, stepTimes: number[]): BenchRow {
  if (stepTimes.length === 0) throw new Error('No measured steps: raise the measured step count.');
  const s = summarize(stepTimes);
  const meanMs = s.mean;
  return {
    loop,
    backend: workload.info.backend,
    firstStepMs,
    medianStepMs: s.median,
    p90StepMs: s.p90,
    examplesPerSec: (workload.examplesPerStep * 1000) / meanMs,
    gflops: workload.flopsPerStep / (meanMs * 1e6),
  };
}
