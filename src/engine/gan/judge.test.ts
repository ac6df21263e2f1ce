import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { entropyBits, judgeSamples } from './judge';
import { msg } from '../../i18n/message';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** A stand-in classifier whose answer is fixed by the image's mean brightness, so outcomes are known. */
function brightnessClassifier(): tf.Sequential {
  const model = tf.sequential({
    layers: [tf.layers.globalAveragePooling2d({ inputShape: [28, 28, 1] }), tf.layers.dense({ units: 10, activation: 'softmax' })],
  });
  // Logits 40*(mean - 0.5) for class 3 and its negative for class 7, 0 elsewhere: white is surely 3,
  // black surely 7, mid-grey a near-uniform guess.
  const w = new Float32Array(10);
  const b = new Float32Array(10);
  [w[3], b[3], w[7], b[7]] = [40, -20, -40, 20];
  model.layers[1].setWeights([tf.tensor2d(w, [1, 10]), tf.tensor1d(b)]);
  return model;
}

describe('judge', () => {
  it('entropy: 0 bits for one class, log2(10) for an even spread', () => {
    expect(entropyBits([5, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(0);
    expect(entropyBits(new Array(10).fill(3))).toBeCloseTo(Math.log2(10), 10);
    expect(entropyBits(new Array(10).fill(0))).toBe(0);
  });

  it('counts confident predictions per class and the recognisable share', async () => {
    const judge = brightnessClassifier();
    // Pixels in [-1,1]: +1 is white (class 3), -1 black (class 7), 0 grey (not confident).
    const images = tf.concat([tf.fill([3, 28, 28, 1], 1), tf.fill([1, 28, 28, 1], -1), tf.fill([4, 28, 28, 1], -0.1)]) as tf.Tensor4D;
    const before = tf.memory().numTensors;
    const q = await judgeSamples(judge, images, 12, msg('engine.judge.cached', { name: 'test judge' }));
    expect(tf.memory().numTensors).toBe(before);
    expect(q.step).toBe(12);
    expect(q.classCounts[3]).toBe(3);
    expect(q.classCounts[7]).toBe(1);
    expect(q.recognisable).toBe(4 / 8);
    expect(q.classEntropyBits).toBeCloseTo(-(0.75 * Math.log2(0.75) + 0.25 * Math.log2(0.25)), 10);
    images.dispose();
    judge.dispose();
  });
});
