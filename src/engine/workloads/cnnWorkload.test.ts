import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { TrainingLoop } from '../trainingLoop';
import type { MetricsPoint } from '../protocol/training';
import { CnnWorkload } from './cnnWorkload';
import { msg } from '../../i18n/message';

const TRAIN_EXAMPLES = 4000;
const TEST_EXAMPLES = 1000;
let mnist: ImageDataset;

function config(overrides: Partial<CnnRunConfig>): CnnRunConfig {
  return { ...defaultCnnConfig(), backend: 'cpu', model: 'tiny', trainExamples: TRAIN_EXAMPLES, testExamples: TEST_EXAMPLES, ...overrides };
}

function quietHooks(points: MetricsPoint[] = []) {
  return { onState: () => undefined, onFirstStep: () => undefined, onMetrics: (p: MetricsPoint) => points.push(p), onEpochEnd: async () => undefined };
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: TRAIN_EXAMPLES, test: TEST_EXAMPLES });
});

/** The tiny CNN's steps in small batches: a step's tensors do not depend on its batch size, its time on cpu does. */
const SMALL_BATCH = 4;

describe('CnnWorkload on the cpu backend', () => {
  it('keeps the tensor count flat from step to step after a warm-up step', () => {
    const workload = CnnWorkload.create(config({ batchSize: SMALL_BATCH }), mnist, 'cpu', {});
    const dispose = (s: Record<string, tf.Scalar>) => Object.values(s).forEach((t) => t.dispose());
    dispose(workload.step());
    const after = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) {
      dispose(workload.step());
      expect(tf.memory().numTensors).toBe(after);
    }
    workload.dispose();
  });

  it('releases every tensor it made when disposed', () => {
    const before = tf.memory().numTensors;
    const workload = CnnWorkload.create(config({ batchSize: SMALL_BATCH }), mnist, 'cpu', {});
    Object.values(workload.step()).forEach((t) => t.dispose());
    workload.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('gives the same loss curve for the same seed', async () => {
    const run = async () => {
      const points: MetricsPoint[] = [];
      const workload = CnnWorkload.create(config({ model: 'mlp', batchSize: 32, seed: 3 }), mnist, 'cpu', {});
      await new TrainingLoop(workload, quietHooks(points), { syncIntervalMs: 0, maxStepsPerSync: 1 }).run(6);
      workload.dispose();
      return points.map((p) => p.scalars.loss);
    };
    const first = await run();
    expect(first).toHaveLength(6);
    expect(await run()).toEqual(first);
  });

  it('refuses a batch larger than the training set', () => {
    expect(() => CnnWorkload.create(config({ batchSize: 4096 }), mnist, 'cpu', {})).toThrow(
      expect.objectContaining({ said: msg('engine.train.batchTooLarge', { batch: 4096, examples: TRAIN_EXAMPLES }) }),
    );
  });
});
