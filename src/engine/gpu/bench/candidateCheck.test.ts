import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_IMAGE_SHAPE } from '../../../config/imageShape';
import { getCnnModel } from '../../../models/registry';
import { GEMM_CANDIDATES } from '../kernels/gemm/candidates';
import type { GemmCandidate } from '../kernels/gemm/types';
import { dawnDevice } from '../testing/dawn';
import { checkCandidates } from './candidateCheck';

let device: GPUDevice;

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
});

describe('the candidate check the GPU machine runs', () => {
  // One candidate of each family here: network.test.ts holds every candidate to TensorFlow.js itself.
  it('finds candidates within rounding of the reference here (tiny CNN, batch 8), and a wrong product far from it', async () => {
    const model = getCnnModel('tiny').build(1, 10, SHIPPED_IMAGE_SHAPE);
    const some = (['direct', 'tiled', 'subgroup'] as const).map((family) => GEMM_CANDIDATES.find((c) => c.family === family) as GemmCandidate);
    const checks = await checkCandidates(device, model, 8, 'legacy-direct', some);
    expect(checks.map((c) => c.id)).toEqual(some.map((c) => c.id));
    for (const check of checks) {
      expect(check.failure, check.id).toBeUndefined();
      expect(check.products, check.id).toBeGreaterThan(0);
      expect(check.relativeError, check.id).toBeLessThan(1e-5);
    }
    // A candidate whose sums are 1% off: the check must tell it apart.
    const right = GEMM_CANDIDATES[0];
    const wrong: GemmCandidate = {
      ...right,
      id: 'one-percent-off',
      build: (spec) => {
        const built = right.build(spec);
        return { ...built, kernels: (scratch) => built.kernels(scratch).map((k) => ({ ...k, body: k.body.replace('fn store(m: u32, n: u32, v: f32) {', 'fn store(m: u32, n: u32, vExact: f32) { let v = vExact * 1.01;') })) };
      },
    };
    const [off] = await checkCandidates(device, model, 8, 'legacy-direct', [wrong]);
    expect(off.relativeError).toBeGreaterThan(1e-3);
    model.dispose();
  });
});
