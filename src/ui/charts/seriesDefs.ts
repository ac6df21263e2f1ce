import type { MetricsPoint } from '../../engine/protocol/training';
import type { MemorySplit } from '../../metrics/memoryPlan';
import type { RunStore } from '../runStore';
import { tokenRef } from '../theme/colorRef';
import type { SeriesSpec } from './LiveChart';

const MB = 1024 * 1024;

/** The unit a label names in parentheses at its end: "step time (ms)" → "ms"; "(MB, tf.profile)" → "MB". */
function unitInLabel(label: string): string | undefined {
  return /\(([^(),]+)(?:, [^()]*)?\)$/.exec(label)?.[1];
}

function series(label: string, color: string, y: (p: MetricsPoint) => number | null, opts: { axis?: 'y' | 'y2'; skipWarmup?: boolean; unit?: string } = {}): SeriesSpec {
  return {
    label,
    color,
    unit: opts.unit ?? unitInLabel(label),
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

/** A continued run's saved curve of `name` (its checkpoint's), drawn dimmed before the run's own points. */
function prior(label: string, color: string, name: string): SeriesSpec {
  return { label, color, points: (store: RunStore) => (store.priorCurves[name] ?? []).map(([x, y]) => ({ x, y })) };
}

/** A level known once per run (a prediction, a profiled peak), drawn flat across the steps charted so far. */
function level(label: string, color: string, bytes: (store: RunStore) => number | null): SeriesSpec {
  return {
    label,
    color,
    unit: 'MB',
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
    series('examples/s', tokenRef('seriesGreen'), (p) => p.examplesPerSec, { skipWarmup: true, unit: 'examples/s' }),
    series('GFLOP/s', tokenRef('seriesPurple'), (p) => p.gflops, { axis: 'y2', skipWarmup: true, unit: 'GFLOP/s' }),
  ],
  stepTime: [series('step time (ms)', tokenRef('seriesOrange'), (p) => p.stepMs, { skipWarmup: true })],
  memory: [
    series('live bytes (MB)', tokenRef('seriesCyan'), (p) => p.bytes / MB),
    series('GPU bytes (MB)', tokenRef('seriesPink'), (p) => (p.gpuBytes === null ? null : p.gpuBytes / MB)),
    series('tensors', tokenRef('seriesGray'), (p) => p.numTensors, { axis: 'y2' }),
  ],
} satisfies Record<string, SeriesSpec[]>;

/** The classifier's memory: where the live bytes are, the profiled peak of a step and the prediction beside them. */
const CNN_MEMORY: SeriesSpec[] = [
  ...SYSTEM_CHARTS.memory,
  series('weights (MB)', tokenRef('seriesIndigo'), part('weights')),
  series('Adam state (MB)', tokenRef('seriesViolet'), part('optimizer')),
  series('data on device (MB)', tokenRef('seriesYellow'), part('data')),
  series('other between steps (MB)', tokenRef('seriesStone'), part('other')),
  level('step peak, activations + temporaries (MB, tf.profile)', tokenRef('seriesRed'), (s) => s.getSnapshot().stepPeak?.peakBytes ?? null),
  level('predicted peak (MB)', tokenRef('seriesAmber'), (s) => s.getSnapshot().memoryPlan?.plan.total ?? null),
];

/** The classifier's step time, with the part of it spent waiting for the next batch. */
const CNN_STEP_TIME: SeriesSpec[] = [...SYSTEM_CHARTS.stepTime, series('waiting for data (ms)', tokenRef('seriesTeal'), (p) => p.dataWaitMs ?? null, { skipWarmup: true })];

/** The classifier's charts: one table, fixed for the page's lifetime. */
export const CNN_CHARTS = {
  loss: [
    series('train loss', tokenRef('seriesBlue'), scalar('loss')),
    prior('train loss up to the checkpoint', tokenRef('seriesGray'), 'loss'),
    { label: 'test loss', color: tokenRef('seriesRed'), points: (s: RunStore) => s.evals.map((e) => ({ x: e.step, y: e.testLoss })) },
  ],
  accuracy: [
    series('train batch accuracy', tokenRef('seriesBlue'), scalar('accuracy')),
    { label: 'test accuracy', color: tokenRef('seriesRed'), points: (s: RunStore) => s.evals.map((e) => ({ x: e.step, y: e.testAccuracy })) },
  ],
  throughput: SYSTEM_CHARTS.throughput,
  stepTime: CNN_STEP_TIME,
  memory: CNN_MEMORY,
} satisfies Record<string, SeriesSpec[]>;

/** The GAN's charts. */
export const GAN_CHARTS = {
  loss: [
    series('D loss', tokenRef('seriesBlue'), scalar('dLoss')),
    series('G loss', tokenRef('seriesRed'), scalar('gLoss')),
    prior('D loss up to the checkpoint', tokenRef('seriesGray'), 'dLoss'),
    prior('G loss up to the checkpoint', tokenRef('seriesStone'), 'gLoss'),
  ],
  discriminator: [series('D(x) on real', tokenRef('seriesGreen'), scalar('dReal')), series('D(G(z)) on fake', tokenRef('seriesOrange'), scalar('dFake'))],
  ...SYSTEM_CHARTS,
} satisfies Record<string, SeriesSpec[]>;
