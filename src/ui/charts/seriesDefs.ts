import type { MetricsPoint } from '../../engine/protocol/training';
import type { MemorySplit } from '../../metrics/memoryPlan';
import type { RunStore } from '../runStore';
import type { SeriesSpec } from './LiveChart';

const MB = 1024 * 1024;

function series(label: string, color: string, y: (p: MetricsPoint) => number | null, opts: { axis?: 'y' | 'y2'; skipWarmup?: boolean } = {}): SeriesSpec {
  return {
    label,
    color,
    axis: opts.axis,
    points: (store: RunStore) =>
      store.metrics
        .filter((p) => !(opts.skipWarmup && p.warmup))
        .flatMap((p) => {
          const value = y(p);
          return value === null || value === undefined || !Number.isFinite(value) ? [] : [{ x: p.step, y: value }];
        }),
  };
}

const scalar = (name: string) => (p: MetricsPoint) => p.scalars[name] ?? null;

/** A level known once per run (a prediction, a profiled peak), drawn flat across the steps charted so far. */
function level(label: string, color: string, bytes: (store: RunStore) => number | null): SeriesSpec {
  return {
    label,
    color,
    points: (store: RunStore) => {
      const value = bytes(store);
      const { metrics } = store;
      if (value === null || metrics.length === 0) return [];
      return [metrics[0].step, metrics[metrics.length - 1].step].map((x) => ({ x, y: value / MB }));
    },
  };
}

const part = (key: keyof MemorySplit) => (p: MetricsPoint) => (p.memory ? p.memory[key] / MB : null);

/** Charts every workload has: throughput, step time and memory. */
const SYSTEM_CHARTS = {
  throughput: [
    series('examples/s', '#16a34a', (p) => p.examplesPerSec, { skipWarmup: true }),
    series('GFLOP/s', '#9333ea', (p) => p.gflops, { axis: 'y2', skipWarmup: true }),
  ],
  stepTime: [series('step time (ms)', '#ea580c', (p) => p.stepMs, { skipWarmup: true })],
  memory: [
    series('live bytes (MB)', '#0891b2', (p) => p.bytes / MB),
    series('GPU bytes (MB)', '#be185d', (p) => (p.gpuBytes === null ? null : p.gpuBytes / MB)),
    series('tensors', '#4b5563', (p) => p.numTensors, { axis: 'y2' }),
  ],
} satisfies Record<string, SeriesSpec[]>;

/** The classifier's memory: where the live bytes are, the profiled peak of a step and the prediction beside them. */
const CNN_MEMORY: SeriesSpec[] = [
  ...SYSTEM_CHARTS.memory,
  series('weights (MB)', '#1d4ed8', part('weights')),
  series('Adam state (MB)', '#7c3aed', part('optimizer')),
  series('data on device (MB)', '#ca8a04', part('data')),
  series('other between steps (MB)', '#78716c', part('other')),
  level('step peak, activations + temporaries (MB, tf.profile)', '#dc2626', (s) => s.getSnapshot().stepPeak?.peakBytes ?? null),
  level('predicted peak (MB)', '#f97316', (s) => s.getSnapshot().memoryPlan?.plan.total ?? null),
];

/** The classifier's step time, with the part of it spent waiting for the next batch. */
const CNN_STEP_TIME: SeriesSpec[] = [...SYSTEM_CHARTS.stepTime, series('waiting for data (ms)', '#0d9488', (p) => p.dataWaitMs ?? null, { skipWarmup: true })];

/** The classifier's charts: one table, fixed for the page's lifetime. */
export const CNN_CHARTS = {
  loss: [
    series('train loss', '#2563eb', scalar('loss')),
    { label: 'train loss up to the checkpoint', color: '#93c5fd', points: (s: RunStore) => s.priorLoss.map(([x, y]) => ({ x, y })) },
    { label: 'test loss', color: '#dc2626', points: (s: RunStore) => s.evals.map((e) => ({ x: e.step, y: e.testLoss })) },
  ],
  accuracy: [
    series('train batch accuracy', '#2563eb', scalar('accuracy')),
    { label: 'test accuracy', color: '#dc2626', points: (s: RunStore) => s.evals.map((e) => ({ x: e.step, y: e.testAccuracy })) },
  ],
  throughput: SYSTEM_CHARTS.throughput,
  stepTime: CNN_STEP_TIME,
  memory: CNN_MEMORY,
} satisfies Record<string, SeriesSpec[]>;

/** The GAN's charts. */
export const GAN_CHARTS = {
  loss: [series('D loss', '#2563eb', scalar('dLoss')), series('G loss', '#dc2626', scalar('gLoss'))],
  discriminator: [series('D(x) on real', '#16a34a', scalar('dReal')), series('D(G(z)) on fake', '#ea580c', scalar('dFake'))],
  ...SYSTEM_CHARTS,
} satisfies Record<string, SeriesSpec[]>;
