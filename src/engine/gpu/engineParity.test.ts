import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import type { CnnModelId } from '../../config/models';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { TrainingLoop } from '../trainingLoop';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { dawnDevice } from './testing/dawn';
import { FORMS, type Form } from './testing/forms';

/**
 * Largest |cpu loss − engine loss| allowed at any step. Both start from the same weights and see the same
 * batches; they differ in float32 rounding only (the engine sums its products in another order, WGSL's
 * exp, log, division and sqrt are not correctly rounded), which Adam carries from step to step: measured
 * at most 4.8e-7 over 100 steps of the tiny CNN and the MLP. A real bug moves it by far more (a filter
 * gradient with kh and kw swapped moved the tiny CNN's loss 2.4e-3 at step 2, wasmTraining.test.ts), and
 * 1e-4 stays 200x above the noise.
 */
const TOLERANCE = 1e-4;

let mnist: ImageDataset;
let device: GPUDevice;

function config(overrides: Partial<CnnRunConfig>): CnnRunConfig {
  return { ...defaultCnnConfig(), backend: 'cpu', trainExamples: 2000, testExamples: 100, learningRate: 0.005, seed: 7, ...overrides };
}

/** Each step's loss, read one step at a time through the app's training loop. */
export async function lossCurve(workload: CnnWorkload, steps: number): Promise<number[]> {
  const losses: number[] = [];
  const loop = new TrainingLoop(
    workload,
    { onState: () => undefined, onFirstStep: () => undefined, onMetrics: (p) => losses.push(p.scalars.loss), onEpochEnd: async () => undefined },
    { syncIntervalMs: 0, maxStepsPerSync: 1 },
  );
  await loop.run(steps);
  return losses;
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 2000, test: 100 });
});

/**
 * Every model of the model table, on SwiftShader here, where the CNNs' steps take a tenth of a second to
 * seconds on the cpu backend and SwiftShader alike: the MLP for 100 steps, the CNNs for fewer (a wrong
 * gradient shows within a few steps: the weights part, and so do the losses); `npm run bench --
 * --workload engine --parity` runs 100 steps of each.
 */
describe("the app's WebGPU engine follows TensorFlow.js's cpu backend", () => {
  it.each<[CnnModelId, Partial<CnnRunConfig>, number]>([
    ['mlp', { batchSize: 8 }, 100],
    ['tiny', { batchSize: 8 }, 20],
    ['classic', { batchSize: 2 }, 10],
    ['large', { batchSize: 2 }, 4],
    // Accumulation and batches built in JS: the same summed gradient, the same examples.
    ['mlp', { batchSize: 4, accumulationSteps: 3, dataPlacement: 'host' }, 30],
  ])(`trains the %s model (%o) in every product form: the loss within ${TOLERANCE} for %i steps`, async (model, overrides, steps) => {
    const cpu = CnnWorkload.create(config({ model, ...overrides }), mnist, 'cpu', {});
    const expected = await lossCurve(cpu, steps);
    cpu.dispose();
    // The tuner's own choice, then each form forced.
    for (const form of [null, ...(Object.keys(FORMS) as Form[])]) {
      const engine = CnnWorkload.create(config({ model, ...overrides }), mnist, 'cpu', {}, { engine: form ? { device, gemm: FORMS[form] } : { device } });
      // A silent fall-back to TensorFlow.js's kernels would agree with the cpu backend too.
      expect(engine.info.engine, `${form ?? 'tuned'}`).toBe('app');
      const initial = (await engine.captureState()).weights;
      const got = await lossCurve(engine, steps);
      const trained = (await engine.captureState()).weights;
      const source = engine.engineTuning?.()?.source;
      if (form) expect(source).toBe('forced');
      else expect(['timed', 'remembered', 'slowAdapter']).toContain(source);
      engine.dispose();
      const worst = Math.max(...got.map((loss, i) => Math.abs(loss - expected[i])));
      expect(worst, `${form ?? 'tuned'}`).toBeLessThanOrEqual(TOLERANCE);
      // Every weight tensor must have moved, or agreeing on the losses would prove nothing about its gradient.
      trained.forEach((w, i) => expect(w.values.reduce((most, v, j) => Math.max(most, Math.abs(v - initial[i].values[j])), 0), w.name).toBeGreaterThan(1e-4));
    }
  });
});
