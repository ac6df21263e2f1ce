/**
 * A fixed sample run for the TensorBoard log checks: scalars with a NaN and an Infinity, histograms including an
 * all-equal and an empty one, two markdown texts. Deterministic (no Math.random, a fixed start), so a failing check
 * can be reproduced byte for byte.
 */
import { histogramOf } from '../../src/metrics/histogram';
import type { RunLog } from '../../src/share/tensorboard/runLog';

export const SAMPLE_STARTED_AT = Date.UTC(2025, 0, 2, 3, 4, 5);
const STEPS = 40;

function weights(step: number, count: number): Float32Array {
  // Weights that spread out as training goes on: the histograms should visibly widen in TensorBoard.
  return Float32Array.from({ length: count }, (_, i) => Math.sin(i * 12.9898 + step) * (0.05 + step / STEPS));
}

export function sampleRun(): RunLog {
  const steps = Array.from({ length: STEPS }, (_, i) => i + 1);
  return {
    startedAt: SAMPLE_STARTED_AT,
    scalars: [
      {
        tag: 'loss/train',
        points: steps.map((step) => ({ step, value: step === 20 ? NaN : 2.3 * Math.exp(-step / 10) + 0.05, wallTime: SAMPLE_STARTED_AT + step * 250 })),
      },
      { tag: 'accuracy/test', points: steps.filter((s) => s % 10 === 0).map((step) => ({ step, value: 1 - 0.9 * Math.exp(-step / 8) })) },
      { tag: 'grad_norm', points: [{ step: 1, value: 0.75 }, { step: 2, value: Infinity }, { step: 3, value: 1e-3 }] },
    ],
    histograms: [
      ...[0, 20, 40].map((step) => ({ tag: 'conv1/kernel', step, histogram: histogramOf(weights(step, 800)) })),
      { tag: 'conv1/bias', step: 0, histogram: histogramOf(new Float32Array(16)) },
      { tag: 'dead/activations', step: 40, histogram: histogramOf(new Float32Array(0)) },
    ],
    texts: [
      { tag: 'settings', text: '| setting | value |\n| --- | --- |\n| model | classic CNN |\n| learning rate | 0.001 |' },
      { tag: 'device', text: '**Backend:** webgl — ünïcödé ✓' },
    ],
  };
}
