import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncCost, timeStepAnatomy, type HostBatch } from './stepAnatomy';

const BATCH = 8;
const FEATURES = 6;
const CLASSES = 3;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function tinyModel(): tf.Sequential {
  const model = tf.sequential();
  model.add(tf.layers.dense({ inputShape: [FEATURES], units: CLASSES, activation: 'softmax', kernelInitializer: tf.initializers.glorotUniform({ seed: 1 }) }));
  return model;
}

function hostBatch(): HostBatch {
  const xs = Float32Array.from({ length: BATCH * FEATURES }, (_, i) => Math.sin(i));
  const ys = new Float32Array(BATCH * CLASSES);
  for (let row = 0; row < BATCH; row++) ys[row * CLASSES + (row % CLASSES)] = 1;
  return { xs, xsShape: [BATCH, FEATURES], ys, ysShape: [BATCH, CLASSES] };
}

describe('timeStepAnatomy on the cpu backend', () => {
  it('times three phases, counts bytes, trains the model and leaves no tensors behind', async () => {
    const model = tinyModel();
    const optimizer = tf.train.sgd(0.1);
    const weightsBefore = model.getWeights()[0].arraySync() as number[][];
    const tensorsBefore = tf.memory().numTensors;
    const anatomy = await timeStepAnatomy(model, optimizer, hostBatch(), { warmup: 1, runs: 3 });
    expect(tf.memory().numTensors).toBe(tensorsBefore);
    for (const ms of [anatomy.uploadMs, anatomy.computeMs, anatomy.readBackMs, anatomy.syncFloorMs]) {
      expect(Number.isFinite(ms)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(0);
    }
    expect(anatomy.computeMs).toBeGreaterThan(0);
    expect(anatomy).toMatchObject({ backend: 'cpu', runs: 3, uploadBytes: (BATCH * FEATURES + BATCH * CLASSES) * 4, readBackBytes: BATCH * CLASSES * 4 });
    expect(model.getWeights()[0].arraySync()).not.toEqual(weightsBefore);
    optimizer.dispose();
    model.dispose();
  });

  it('rejects zero runs', async () => {
    const model = tinyModel();
    await expect(timeStepAnatomy(model, tf.train.sgd(0.1), hostBatch(), { warmup: 0, runs: 0 })).rejects.toThrow(/runs/);
    model.dispose();
  });
});

describe('syncCost', () => {
  it('runs the steps once per mode after one warm-up, reading back only every k-th loss', async () => {
    let calls = 0;
    let reads = 0;
    const stepFn = () => {
      calls++;
      const loss = tf.scalar(calls);
      const read = loss.data.bind(loss);
      loss.data = (() => {
        reads++;
        return read();
      }) as typeof loss.data;
      return loss;
    };
    const before = tf.memory().numTensors;
    const cost = await syncCost(stepFn, 10, 4);
    expect(tf.memory().numTensors).toBe(before);
    expect(calls).toBe(1 + 10 + 10);
    expect(reads).toBe(1 + 10 + 3); // every-4 mode reads steps 4, 8 and the last (10)
    expect(cost).toMatchObject({ steps: 10, everyK: 4 });
    expect(cost.syncEveryStepMs).toBeGreaterThan(0);
    expect(cost.syncEveryKMs).toBeGreaterThan(0);
  });

  it('times a real training step', async () => {
    const model = tinyModel();
    const optimizer = tf.train.sgd(0.1);
    const xs = tf.tensor2d(hostBatch().xs, [BATCH, FEATURES]);
    const ys = tf.tensor2d(hostBatch().ys, [BATCH, CLASSES]);
    const step = () => optimizer.minimize(() => tf.losses.softmaxCrossEntropy(ys, model.apply(xs) as tf.Tensor), true) as tf.Scalar;
    const cost = await syncCost(step, 5, 5);
    expect(Number.isFinite(cost.syncEveryStepMs) && Number.isFinite(cost.syncEveryKMs)).toBe(true);
    tf.dispose([xs, ys]);
    optimizer.dispose();
    model.dispose();
  });

  it('rejects nonsense counts', async () => {
    await expect(syncCost(() => tf.scalar(0), 0, 1)).rejects.toThrow(/steps/);
    await expect(syncCost(() => tf.scalar(0), 3, 0)).rejects.toThrow(/everyK/);
  });
});
