import { describe, expect, it } from 'vitest';
import type { MetricsPoint } from '../../engine/protocol/training';
import { RunStore } from '../runStore';
import { immediately } from '../testing/fakeOwner';
import { tokenRef } from '../theme/colorRef';
import { CNN_CHARTS, GAN_CHARTS } from './seriesDefs';

function point(step: number, scalars: Record<string, number>): MetricsPoint {
  return { step, epoch: 1, stepsInWindow: 1, scalars, warmup: false, stepMs: 10, examplesPerSec: 100, gflops: 1, bytes: 1000, gpuBytes: null, numTensors: 40 };
}

const pointsOf = (series: { label: string; points(store: RunStore): { x: number; y: number }[] }[], store: RunStore) =>
  Object.fromEntries(series.map((s) => [s.label, s.points(store).map(({ x, y }) => [x, y])]));

describe('the loss charts of a continued run', () => {
  it('a GAN: the saved D and G losses as two grey series up to the checkpoint, then the run’s own', () => {
    const store = new RunStore('dLoss', immediately);
    store.beginRun({ dLoss: [[1, 1.4], [3, 1.1]], gLoss: [[1, 0.7], [3, 0.9]] });
    store.handle({ type: 'metrics', points: [point(4, { dLoss: 1.0, gLoss: 1.2 }), point(6, { dLoss: 0.9, gLoss: 1.3 })] });
    expect(pointsOf(GAN_CHARTS.loss, store)).toEqual({
      'D loss': [[4, 1.0], [6, 0.9]],
      'G loss': [[4, 1.2], [6, 1.3]],
      'D loss up to the checkpoint': [[1, 1.4], [3, 1.1]],
      'G loss up to the checkpoint': [[1, 0.7], [3, 0.9]],
    });
    const grey = GAN_CHARTS.loss.slice(2).map((s) => s.color);
    expect(grey).toEqual([tokenRef('seriesGray'), tokenRef('seriesStone')]);
    expect(CNN_CHARTS.loss[1].color).toBe(tokenRef('seriesGray'));
    // The "first → now" stat starts from the saved run's first D loss.
    expect(store.getSnapshot().firstLoss).toBe(1.4);
  });

  it('a new run drops the prior curves; a CNN draws only its own loss prior', () => {
    const store = new RunStore('loss', immediately);
    store.beginRun({ loss: [[1, 2.3], [20, 1.1]] });
    expect(pointsOf(CNN_CHARTS.loss, store)['train loss up to the checkpoint']).toEqual([[1, 2.3], [20, 1.1]]);
    expect(pointsOf(GAN_CHARTS.loss, store)['D loss up to the checkpoint']).toEqual([]);
    store.beginRun();
    expect(pointsOf(CNN_CHARTS.loss, store)['train loss up to the checkpoint']).toEqual([]);
    expect(store.getSnapshot().firstLoss).toBeNull();
  });
});
