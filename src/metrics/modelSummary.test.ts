import { describe, expect, it } from 'vitest';
import { kerasShape, summaryRows, type LayerFacts } from './modelSummary';

const LAYERS: LayerFacts[] = [
  { name: 'conv2d', className: 'Conv2D', outputShape: [26, 26, 8], params: 80, forwardFlops: 97_344, timeMs: 3 },
  { name: 'flatten', className: 'Flatten', outputShape: [5408], params: 0, forwardFlops: 0, timeMs: 0 },
  { name: 'dense', className: 'Dense', outputShape: [10], params: 54_090, forwardFlops: 108_190, timeMs: 1 },
];

describe('model summary rows', () => {
  it('writes shapes the way Keras prints them', () => {
    expect(kerasShape([26, 26, 32])).toBe('(None, 26, 26, 32)');
    expect(kerasShape([10])).toBe('(None, 10)');
  });

  it('gives each layer its share of the summed layer time, and the totals', () => {
    const { rows, totals } = summaryRows(LAYERS);
    expect(rows.map((r) => r.share)).toEqual([0.75, 0, 0.25]);
    expect(rows[0].shapeText).toBe('(None, 26, 26, 8)');
    expect(totals).toEqual({ params: 54_170, forwardFlops: 205_534, timeMs: 4 });
  });

  it('has no shares, never zeros, when a layer has no kernel time', () => {
    const { rows, totals } = summaryRows([...LAYERS.slice(0, 2), { ...LAYERS[2], timeMs: null }]);
    expect(rows.every((r) => r.share === null && r.timeMs === null)).toBe(true);
    expect(totals.timeMs).toBeNull();
    expect(totals.params).toBe(54_170);
  });
});
