import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { dawnDevice } from './testing/dawn';
import { engineWeights, firstSteps, FORMS, formWorkload, networkName, type Form, type Network } from './testing/forms';

/**
 * Every product form the tuner can choose, forced for the whole model, at the models' real shapes and at batch
 * 64 and 256 (the split of long sums and their second kernel included): two steps from the same weights, whose
 * losses agree across forms within float32 rounding (the forms sum in other orders). A wrong product moves the
 * second step's loss by far more (engineParity.test.ts). The direct form is held to the cpu backend's own steps
 * by engineParity.test.ts at small batches, and every form's products to TensorFlow.js's by network.test.ts.
 */
const TOLERANCE = 1e-4;
const STEPS = 2;

const NETWORKS: Network[] = [{ cnn: 'tiny' }, { cnn: 'classic' }, { cnn: 'large' }, { cnn: 'mlp' }, { gan: 'mlp' }, { gan: 'dcgan' }];
const BATCHES = (process.env.ENGINE_FORM_BATCHES ?? '64,256').split(',').map(Number);
const OTHER_FORMS = (Object.keys(FORMS) as Form[]).filter((f) => f !== 'direct');

let mnist: ImageDataset;
let device: GPUDevice;

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 600, test: 100 });
});

describe.each(BATCHES)("the app's engine in every product form, real shapes, batch %i", (batch) => {
  it.each(NETWORKS.map((n) => [networkName(n), n] as const))('%s: every form trains the same two steps, on the engine', async (_, network) => {
    const run = async (form: Form) => {
      const workload = formWorkload(network, batch, mnist, { device, form });
      try {
        expect(workload.info.engine).toBe('app');
        const result = await firstSteps(workload, STEPS, () => engineWeights(workload));
        const tuning = workload.engineTuning?.();
        expect(tuning?.source).toBe('forced');
        expect(tuning?.products.some((p) => p.choice === FORMS[form])).toBe(true);
        return result;
      } finally {
        workload.dispose();
      }
    };
    const reference = await run('direct');
    reference.moved.forEach((m, i) => expect(m, `weight tensor ${i} moved`).toBeGreaterThan(1e-4));
    for (const form of OTHER_FORMS) {
      const got = await run(form);
      got.scalars.forEach((point, step) => {
        for (const [name, value] of Object.entries(point)) expect(Math.abs(value - reference.scalars[step][name]), `${form} ${name} at step ${step + 1}`).toBeLessThanOrEqual(TOLERANCE);
      });
    }
  });
});
