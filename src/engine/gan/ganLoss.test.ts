import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { binaryCrossEntropyWithLogits } from './ganLoss';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function loss(logits: number[], label: number): number {
  return tf.tidy(() => binaryCrossEntropyWithLogits(tf.tensor2d(logits, [logits.length, 1]), label).dataSync()[0]);
}

/** The textbook form −y·log σ(x) − (1−y)·log(1−σ(x)), fine for moderate logits. */
function naive(logit: number, label: number): number {
  const p = 1 / (1 + Math.exp(-logit));
  return -label * Math.log(p) - (1 - label) * Math.log(1 - p);
}

describe('binary cross-entropy from logits', () => {
  it.each([
    [0, 1],
    [2.5, 1],
    [-1.5, 0],
    [0.7, 0.9],
    [-3, 0.9],
  ])('matches the textbook formula at logit %f, label %f', (logit, label) => {
    expect(loss([logit], label)).toBeCloseTo(naive(logit, label), 5);
  });

  it('averages over the batch', () => {
    expect(loss([1, -2, 3], 1)).toBeCloseTo((naive(1, 1) + naive(-2, 1) + naive(3, 1)) / 3, 5);
  });

  it('stays finite and exact where the sigmoid saturates in float32', () => {
    // σ(±200) rounds to exactly 1 or 0, where the textbook form gives log(0); the loss is |x| for a wrong-sided logit.
    expect(loss([-200], 1)).toBeCloseTo(200, 3);
    expect(loss([200], 0)).toBeCloseTo(200, 3);
    expect(loss([200], 1)).toBeCloseTo(0, 6);
  });

  it('keeps a gradient of −1 per example for a confidently wrong logit (no vanishing)', () => {
    const grad = tf.tidy(() => tf.grad((x: tf.Tensor) => binaryCrossEntropyWithLogits(x, 1))(tf.tensor2d([-200], [1, 1])).dataSync()[0]);
    expect(grad).toBeCloseTo(-1, 5);
  });

  it('leaves no tensors behind', () => {
    const logits = tf.tensor2d([0.3, -0.4], [2, 1]);
    const before = tf.memory().numTensors;
    binaryCrossEntropyWithLogits(logits, 1).dispose();
    expect(tf.memory().numTensors).toBe(before);
    logits.dispose();
  });
});
