import { SHIPPED_IMAGE_SHAPE } from '../../config/imageShape';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { CNN_MODEL_IDS } from '../../config/models';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { splitTotal } from '../../metrics/memoryPlan';
import { floatsPerExample } from '../../models/memory';
import { NUM_CLASSES } from '../../config/tunables';
import { registerWasmTrainingKernels } from '../backends/wasmKernels';
import { profileStep } from '../lab/kernelProfile';
import { CnnWorkload } from './cnnWorkload';

/** Few examples, so the data does not swamp the part of the prediction that comes from the model. */
const TRAIN_EXAMPLES = 1000;
const TEST_EXAMPLES = 100;
const SPLIT_TOLERANCE = 0.01;
const PREDICTION_TOLERANCE = 0.25;

let mnist: ImageDataset;

/**
 * On wasm: the same engine-level byte accounting as cpu, and the large CNN's step at batch 64 takes
 * seconds there instead of minutes on the plain-JS cpu backend of a 2-core machine.
 */
beforeAll(async () => {
  registerWasmTrainingKernels();
  await tf.setBackend('wasm');
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: TRAIN_EXAMPLES, test: TEST_EXAMPLES });
});

function config(overrides: Partial<CnnRunConfig>): CnnRunConfig {
  return { ...defaultCnnConfig(), backend: 'wasm', model: 'tiny', batchSize: 64, trainExamples: TRAIN_EXAMPLES, testExamples: TEST_EXAMPLES, ...overrides };
}

const disposeScalars = (s: Record<string, tf.Scalar>) => tf.dispose(Object.values(s));

describe('the memory split', () => {
  it.each([
    ['on the device, prefetching', { dataPlacement: 'device', prefetch: 'on' }],
    ['uploaded from JS, no prefetch', { dataPlacement: 'host', prefetch: 'off' }],
  ] as const)('adds up to tf.memory().numBytes within 1 percent between steps (data %s)', (_, pipeline) => {
    expect(tf.memory().numBytes).toBe(0);
    const workload = CnnWorkload.create(config({ model: 'mlp', ...pipeline }), mnist, 'wasm', {});
    for (let i = 0; i < 3; i++) disposeScalars(workload.step());
    const split = workload.memorySplit();
    const measured = split.weights + split.optimizer + split.data;
    const live = tf.memory().numBytes;
    expect(splitTotal(split)).toBe(live);
    expect(Math.abs(live - measured) / live).toBeLessThan(SPLIT_TOLERANCE);
    expect(split.weights).toBe(workload.info.params * 4);
    // Two moments per weight, and Adam's two bias-correction scalars.
    expect(split.optimizer).toBe(2 * workload.info.params * 4 + 2 * 4);
    const testBytes = TEST_EXAMPLES * 794 * 4;
    if (pipeline.dataPlacement === 'device') expect(split.data).toBe((TRAIN_EXAMPLES + TEST_EXAMPLES + 64) * 794 * 4);
    else expect(split.data).toBe(testBytes);
    workload.dispose();
    expect(tf.memory().numBytes).toBe(0);
  });
});

describe('the predicted memory', () => {
  it.each(CNN_MODEL_IDS)('of %s at batch 64 is within 25 percent of the measured peak of a step (tf.profile)', async (model) => {
    const before = tf.memory().numBytes;
    const workload = CnnWorkload.create(config({ model }), mnist, 'wasm', {});
    disposeScalars(workload.step());
    const live = tf.memory().numBytes - before;
    const { peakBytes } = await profileStep(workload);
    const measuredPeak = peakBytes - before;
    const { plan } = workload;
    // Between steps the step's own batch is gone; only the prefetched one of the two in flight stays.
    const resident = plan.weights + plan.optimizer + plan.data - plan.batchSize * floatsPerExample(NUM_CLASSES, SHIPPED_IMAGE_SHAPE) * 4;
    console.info(`${model}: predicted ${plan.total} bytes (step ${plan.stepPeak}, ${plan.peakPhase}), measured ${measuredPeak} (step ${peakBytes - before - live})`);
    expect(Math.abs(resident - live) / live).toBeLessThan(0.01);
    expect(Math.abs(plan.total - measuredPeak) / measuredPeak).toBeLessThan(PREDICTION_TOLERANCE);
    // The model's own part, not only the data: the step's peak alone is within the same bound.
    expect(Math.abs(plan.stepPeak - (measuredPeak - live)) / (measuredPeak - live)).toBeLessThan(PREDICTION_TOLERANCE);
    workload.dispose();
  }, 600_000);
});
