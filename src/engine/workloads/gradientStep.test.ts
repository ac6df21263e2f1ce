import { SHIPPED_IMAGE_SHAPE } from '../../config/imageShape';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { getCnnModel } from '../../models/registry';
import { CnnWorkload, crossEntropy } from './cnnWorkload';
import { accumulatedStep, type BatchObjective } from './gradientStep';
import { NUM_CLASSES } from '../../config/tunables';

const MICRO = 16;
const K = 4;
const OPTIMIZER_STEPS = 3;
/** SGD: the accumulated mean gradient is the big batch's up to float32 summation order. */
const SGD_RELATIVE_TOLERANCE = 1e-5;
/**
 * Adam divides by the square root of the second moment, which magnifies float32 rounding in weights
 * whose gradients are near zero: measured 2.4e-7 here (SGD: 1.6e-8), so 1e-5 over the whole weight vector.
 */
const ADAM_RELATIVE_TOLERANCE = 1e-5;

let mnist: ImageDataset;

beforeAll(async () => {
  await tf.setBackend('cpu');
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 2048, test: 100 });
});

/** All weights of a model as one vector. */
async function flatWeights(model: tf.LayersModel): Promise<Float32Array> {
  const flat = tf.tidy(() => tf.concat(model.getWeights().map((w) => w.reshape([-1]))));
  const values = (await flat.data()) as Float32Array;
  flat.dispose();
  return values;
}

/** ||a - b|| / ||a||. */
function relativeDifference(a: Float32Array, b: Float32Array): number {
  let diff = 0;
  let norm = 0;
  a.forEach((v, i) => {
    diff += (v - b[i]) ** 2;
    norm += v ** 2;
  });
  return Math.sqrt(diff / norm);
}

const objective =
  (model: tf.Sequential): BatchObjective =>
  (xs, ys) => ({ loss: crossEntropy(ys as tf.Tensor2D, model.apply(xs, { training: true }) as tf.Tensor2D), extras: {} });

/** The first OPTIMIZER_STEPS batches of MICRO x K real examples, as host tensors. */
function bigBatches(): { xs: tf.Tensor4D; ys: tf.Tensor2D }[] {
  return Array.from({ length: OPTIMIZER_STEPS }, (_, step) =>
    tf.tidy(() => {
      const n = MICRO * K;
      const pixels = Float32Array.from(mnist.train.images.subarray(step * n * 784, (step + 1) * n * 784), (v) => v / 255);
      const labels = tf.oneHot(tf.tensor1d(Array.from(mnist.train.labels.subarray(step * n, (step + 1) * n)), 'int32'), 10).toFloat();
      return { xs: tf.tensor4d(pixels, [n, 28, 28, 1]), ys: labels as tf.Tensor2D };
    }),
  );
}

async function train(optimizerFor: () => tf.Optimizer, accumulationSteps: number): Promise<Float32Array> {
  const model = getCnnModel('mlp').build(11, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
  const optimizer = optimizerFor();
  const variables = model.trainableWeights.map((w) => w.read() as tf.Variable);
  const batches = bigBatches();
  const micro = MICRO * K / accumulationSteps;
  for (const big of batches) {
    let i = 0;
    const feed = { next: () => ({ xs: big.xs.slice([i * micro], [micro]) as tf.Tensor4D, ys: big.ys.slice([(i++) * micro], [micro]) as tf.Tensor2D }) };
    const scalars = accumulatedStep(optimizer, variables, accumulationSteps, feed, objective(model));
    tf.dispose(Object.values(scalars));
  }
  const weights = await flatWeights(model);
  tf.dispose(batches.flatMap((b) => [b.xs, b.ys]));
  optimizer.dispose();
  model.dispose();
  return weights;
}

describe('gradient accumulation', () => {
  it(`gives the weights of one batch of ${K} x ${MICRO} after ${OPTIMIZER_STEPS} SGD steps, within ${SGD_RELATIVE_TOLERANCE} relative`, async () => {
    const sgd = () => tf.train.sgd(0.5);
    const whole = await train(sgd, 1);
    const accumulated = await train(sgd, K);
    const untrained = await flatWeights(getCnnModel('mlp').build(11, NUM_CLASSES, SHIPPED_IMAGE_SHAPE));
    // The steps moved the weights far more than the tolerance, so the comparison can fail.
    expect(relativeDifference(whole, untrained)).toBeGreaterThan(1e-2);
    const difference = relativeDifference(whole, accumulated);
    console.info(`SGD, ${K} x ${MICRO} accumulated vs one batch of ${K * MICRO}: relative difference ${difference.toExponential(2)}`);
    expect(difference).toBeLessThan(SGD_RELATIVE_TOLERANCE);
  });

  it(`does the same for Adam within ${ADAM_RELATIVE_TOLERANCE} relative`, async () => {
    const adam = () => tf.train.adam(0.01);
    const whole = await train(adam, 1);
    const accumulated = await train(adam, K);
    const difference = relativeDifference(whole, accumulated);
    console.info(`Adam, ${K} x ${MICRO} accumulated vs one batch of ${K * MICRO}: relative difference ${difference.toExponential(2)}`);
    expect(difference).toBeLessThan(ADAM_RELATIVE_TOLERANCE);
  });

  it('keeps the tensor count flat across accumulated steps and reports the mean of the micro-batch scalars', async () => {
    const model = getCnnModel('mlp').build(3, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    const optimizer = tf.train.sgd(0.1);
    const variables = model.trainableWeights.map((w) => w.read() as tf.Variable);
    const [big] = bigBatches();
    let dispatched = 0;
    const run = () => {
      let i = 0;
      const feed = {
        next: () => ({ xs: big.xs.slice([i * MICRO], [MICRO]) as tf.Tensor4D, ys: big.ys.slice([(i++) * MICRO], [MICRO]) as tf.Tensor2D }),
        afterDispatch: () => dispatched++,
      };
      return accumulatedStep(optimizer, variables, K, feed, (xs, ys) => {
        if (i === 3) throw new Error('boom');
        return { loss: crossEntropy(ys as tf.Tensor2D, model.apply(xs) as tf.Tensor2D), extras: { seen: tf.scalar(xs.shape[0]) } };
      });
    };
    // An objective that fails halfway through the micro-batches leaves nothing behind.
    const before = tf.memory().numTensors;
    expect(run).toThrow('boom');
    expect(tf.memory().numTensors).toBe(before);
    const realRun = () => {
      let i = 0;
      const feed = { next: () => ({ xs: big.xs.slice([i * MICRO], [MICRO]) as tf.Tensor4D, ys: big.ys.slice([(i++) * MICRO], [MICRO]) as tf.Tensor2D }), afterDispatch: () => dispatched++ };
      return accumulatedStep(optimizer, variables, K, feed, (xs, ys) => ({ loss: crossEntropy(ys as tf.Tensor2D, model.apply(xs) as tf.Tensor2D), extras: { micro: tf.scalar(i) } }));
    };
    dispatched = 0;
    tf.dispose(Object.values(realRun()));
    const steady = tf.memory().numTensors;
    const scalars = realRun();
    expect(dispatched).toBe(2 * K);
    expect((await scalars.micro.data())[0]).toBeCloseTo((1 + 2 + 3 + 4) / K, 6);
    tf.dispose(Object.values(scalars));
    expect(tf.memory().numTensors).toBe(steady);
    tf.dispose([big.xs, big.ys]);
    optimizer.dispose();
    model.dispose();
  });
});

describe('CnnWorkload with accumulation', () => {
  const config = (overrides: Partial<CnnRunConfig>): CnnRunConfig => ({ ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', trainExamples: 2048, testExamples: 100, seed: 5, ...overrides });

  it('counts optimizer steps of batch x k examples, whole steps per epoch, and follows a batch-64 run', async () => {
    const whole = CnnWorkload.create(config({ batchSize: 64 }), mnist, 'cpu', {});
    const accumulated = CnnWorkload.create(config({ batchSize: 16, accumulationSteps: 4 }), mnist, 'cpu', {});
    expect(accumulated.examplesPerStep).toBe(64);
    expect(accumulated.info.stepsPerEpoch).toBe(whole.info.stepsPerEpoch);
    expect(accumulated.flopsPerStep).toBe(whole.flopsPerStep);
    expect(accumulated.plan.batchSize).toBe(16);
    expect(accumulated.plan.accumulators).toBe(accumulated.plan.weights);
    for (let i = 0; i < OPTIMIZER_STEPS; i++) {
      tf.dispose([...Object.values(whole.step()), ...Object.values(accumulated.step())]);
    }
    expect(relativeDifference(await flatWeights(whole.model), await flatWeights(accumulated.model))).toBeLessThan(ADAM_RELATIVE_TOLERANCE);
    whole.dispose();
    accumulated.dispose();
  });
});
