import type { MetricsPoint } from '../../engine/protocol/training';
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

/** The classifier's charts: one table, fixed for the page's lifetime. */
export const CNN_CHARTS = {
  loss: [
    series('train loss', '#2563eb', scalar('loss')),
    { label: 'test loss', color: '#dc2626', points: (s: RunStore) => s.evals.map((e) => ({ x: e.step, y: e.testLoss })) },
  ],
  accuracy: [
    series('train batch accuracy', '#2563eb', scalar('accuracy')),
    { label: 'test accuracy', color: '#dc2626', points: (s: RunStore) => s.evals.map((e) => ({ x: e.step, y: e.testAccuracy })) },
  ],
  ...SYSTEM_CHARTS,
} satisfies Record<string, SeriesSpec[]>;

/** The GAN's charts. */
export const GAN_CHARTS = {
  loss: [series('D loss', '#2563eb', scalar('dLoss')), series('G loss', '#dc2626', scalar('gLoss'))],
  discriminator: [series('D(x) on real', '#16a34a', scalar('dReal')), series('D(G(z)) on fake', '#ea580c', scalar('dFake'))],
  ...SYSTEM_CHARTS,
} satisfies Record<string, SeriesSpec[]>;
