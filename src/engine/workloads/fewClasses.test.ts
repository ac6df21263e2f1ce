import { SHIPPED_IMAGE_SHAPE } from '../../config/imageShape';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { IMAGE_PIXELS } from '../../config/tunables';
import type { ImageDataset, ImageSplit } from '../../data/types';
import { floatsPerExample } from '../../models/memory';
import { CnnWorkload } from './cnnWorkload';

const CLASSES = 3;
const SMALL_BATCH = 4;

/** `count` examples cycling through the 3 classes, each a bright band at its own rows. */
function split(count: number): ImageSplit {
  const images = new Uint8Array(count * IMAGE_PIXELS);
  const labels = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    labels[i] = i % CLASSES;
    images.fill(255, i * IMAGE_PIXELS + labels[i] * 200, i * IMAGE_PIXELS + labels[i] * 200 + 150);
  }
  return { count, images, labels };
}

const threeClasses: ImageDataset = { id: 'mnist', classCount: CLASSES, shape: SHIPPED_IMAGE_SHAPE, train: split(48), test: split(12) };

function config(overrides: Partial<CnnRunConfig> = {}): CnnRunConfig {
  return { ...defaultCnnConfig(), backend: 'cpu', model: 'tiny', batchSize: SMALL_BATCH, trainExamples: 48, testExamples: 12, ...overrides };
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('a CNN on a 3-class data set', () => {
  it('outputs [n, 3] and plans one-hot labels of width 3', () => {
    const workload = CnnWorkload.create(config(), threeClasses, 'cpu', {});
    try {
      const out = workload.forward();
      expect(out.shape).toEqual([SMALL_BATCH, CLASSES]);
      out.dispose();
      const tenClasses = CnnWorkload.create(config(), { ...threeClasses, classCount: 10 }, 'cpu', {});
      // Same model but for its last layer: the prediction differs by the dense layer's extra units and the labels' width.
      expect(workload.plan.weights).toBeLessThan(tenClasses.plan.weights);
      tenClasses.dispose();
      expect(floatsPerExample(CLASSES, SHIPPED_IMAGE_SHAPE)).toBe(IMAGE_PIXELS + CLASSES);
    } finally {
      workload.dispose();
    }
  });

  it('predicts memory from the images the set holds, not the larger Training examples setting', () => {
    const asked = CnnWorkload.create(config({ trainExamples: 30_000, testExamples: 2_000 }), threeClasses, 'cpu', {});
    const exact = CnnWorkload.create(config(), threeClasses, 'cpu', {});
    try {
      expect(asked.plan.data).toBe(exact.plan.data);
      expect(asked.plan.total).toBe(exact.plan.total);
      expect(asked.info.stepsPerEpoch).toBe(48 / SMALL_BATCH);
    } finally {
      asked.dispose();
      exact.dispose();
    }
  });

  it.each(['device', 'host'] as const)('keeps the tensor count flat from step to step (data on the %s)', (dataPlacement) => {
    const workload = CnnWorkload.create(config({ dataPlacement }), threeClasses, 'cpu', {});
    const dispose = (s: Record<string, tf.Scalar>) => Object.values(s).forEach((t) => t.dispose());
    dispose(workload.step());
    const after = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) {
      dispose(workload.step());
      expect(tf.memory().numTensors).toBe(after);
    }
    workload.dispose();
  });

  it('evaluates over 3 classes: every prediction is a class id 0..2', async () => {
    const workload = CnnWorkload.create(config(), threeClasses, 'cpu', {});
    try {
      await workload.evaluate(0, 1);
      const predicted = Array.from(workload.lastPredictions ?? []);
      expect(predicted).toHaveLength(12);
      expect(predicted.every((c) => c >= 0 && c < CLASSES)).toBe(true);
    } finally {
      workload.dispose();
    }
  });

  it('refuses a label outside the data set’s classes instead of dropping it', () => {
    const bad: ImageDataset = { ...threeClasses, classCount: 2 };
    expect(() => CnnWorkload.create(config(), bad, 'cpu', {})).toThrow(/Label 2 of example 2 is outside 0..1/);
  });
});
