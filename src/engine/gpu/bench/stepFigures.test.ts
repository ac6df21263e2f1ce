import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../../config/cnnConfig';
import { loadDataset } from '../../../data/loadDataset';
import { createFileReader } from '../../../data/nodeReader';
import type { ImageDataset } from '../../../data/types';
import { CnnWorkload } from '../../workloads/cnnWorkload';
import { forcedKernels } from '../tuning/forced';
import { SLOW_ADAPTER_CANDIDATE } from '../tuning/tuner';
import { ClassifierPlan } from '../classifierPlan';
import { dawnDevice } from '../testing/dawn';
import { measureStepFigures } from './stepFigures';
import { GanWorkload } from '../../workloads/ganWorkload';
import { formWorkload, networkName, type Network } from '../testing/forms';

const NETWORKS: Network[] = [{ cnn: 'tiny' }, { cnn: 'classic' }, { cnn: 'large' }, { cnn: 'mlp' }, { gan: 'mlp' }, { gan: 'dcgan' }];

let mnist: ImageDataset;
let device: GPUDevice;

function config(overrides: Partial<CnnRunConfig>): CnnRunConfig {
  return { ...defaultCnnConfig(), backend: 'cpu', trainExamples: 1000, testExamples: 100, ...overrides };
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 1000, test: 100 });
});

describe("a step of the app's WebGPU engine, counted at the WebGPU API", () => {
  it('records the classic CNN at batch 64 in at most 30 dispatches', async () => {
    const model = CnnWorkload.create(config({ model: 'classic', batchSize: 64 }), mnist, 'cpu', {});
    const plan = await ClassifierPlan.create(device, model.model, mnist.train, {
      batchSize: 64, accumulation: 1, microBatchesPerEpoch: 15, seed: 1, learningRate: 1e-3, beta1: 0.9, beta2: 0.999, epsilon: 1e-7,
      classes: 10, shape: mnist.shape, placement: 'device', prefetch: false, kernels: forcedKernels(device, SLOW_ADAPTER_CANDIDATE),
    });
    const counts = plan.counts();
    plan.destroy();
    model.dispose();
    expect(counts.dispatchesPerStep).toBeLessThanOrEqual(30);
    expect(counts.submitsPerStep).toBe(1);
  });

  it.each(NETWORKS.map((n) => [networkName(n), n] as const))('%s: one submit a step, no buffer or bind group, one wait a window, the counts the plan makes', async (_, network) => {
    const workload = formWorkload(network, 8, mnist, { device, form: 'direct' });
    expect(workload.info.engine).toBe('app');
    const tensors = tf.memory().numTensors;
    const figures = await measureStepFigures(workload, { warmupSteps: 2, windows: 2, windowSteps: 3 });
    const plan = workload instanceof CnnWorkload ? workload.engine?.counts() : workload instanceof GanWorkload ? workload.engine?.counts() : null;
    expect(tf.memory().numTensors).toBe(tensors);
    workload.dispose();
    // A GAN's noise is drawn in JavaScript (TensorFlow.js's own draws) and uploaded once an iteration.
    const writes = 'gan' in network ? 1 : 0;
    expect(figures.perStep).toEqual({ dispatches: plan?.dispatchesPerStep, submits: 1, buffers: 0, bindGroups: 0, writes });
    expect(figures.awaitsPerWindow).toBe(1);
    expect(figures.windowSteps).toBe(3);
    expect(figures.pipelines).toBe(plan?.pipelines);
    expect(figures.encodeMs).toBeGreaterThan(0);
    // Dawn here has timestamp queries: the GPU's idle time between the measured windows is measured (the next window is recorded ahead, so it is small).
    expect(figures.gpuIdleMs).toEqual(expect.any(Number));
    expect(figures.gpuIdleMs).toBeGreaterThanOrEqual(0);
  });
});
