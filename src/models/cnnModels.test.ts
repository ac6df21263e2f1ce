import { SHIPPED_IMAGE_SHAPE } from '../config/imageShape';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CNN_MODEL_IDS, type CnnModelId } from '../config/models';
import { CNN_MODELS, getCnnModel } from './registry';
import { NUM_CLASSES } from '../config/tunables';

const SEED = 42;
const FORWARD_BATCH = 3;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function withModel<T>(id: CnnModelId, seed: number, use: (model: tf.Sequential) => T): T {
  const model = getCnnModel(id).build(seed, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
  try {
    return use(model);
  } finally {
    model.dispose();
  }
}

function weightBytes(model: tf.LayersModel): Buffer[] {
  return model.getWeights().map((weight) => Buffer.from((weight.dataSync() as Float32Array).slice().buffer));
}

function kernelBytes(model: tf.LayersModel): Buffer[] {
  const kernels = model.weights.filter((weight) => weight.originalName.endsWith('/kernel'));
  return kernels.map((kernel) => Buffer.from((kernel.read().dataSync() as Float32Array).slice().buffer));
}

function perExampleShape(layer: tf.layers.Layer): number[] {
  return (layer.outputShape as number[]).slice(1);
}

describe('CNN registry', () => {
  it('has one spec per model id, keyed by its own id', () => {
    expect(Object.keys(CNN_MODELS).sort()).toEqual([...CNN_MODEL_IDS].sort());
    for (const id of CNN_MODEL_IDS) expect(getCnnModel(id).id).toBe(id);
  });

  it('refuses an id that slipped past the type system', () => {
    expect(() => getCnnModel('huge' as CnnModelId)).toThrow('huge');
  });
});

describe('classic CNN', () => {
  it('has exactly 93,322 parameters and the Keras layer shapes', () => {
    withModel('classic', SEED, (model) => {
      expect(model.countParams()).toBe(93_322);
      expect(model.layers.map((layer) => [layer.name, perExampleShape(layer), layer.countParams()])).toEqual([
        ['conv1', [26, 26, 32], 3 * 3 * 1 * 32 + 32],
        ['pool1', [13, 13, 32], 0],
        ['conv2', [11, 11, 64], 3 * 3 * 32 * 64 + 64],
        ['pool2', [5, 5, 64], 0],
        ['conv3', [3, 3, 64], 3 * 3 * 64 * 64 + 64],
        ['flatten', [576], 0],
        ['dense1', [64], 576 * 64 + 64],
        ['dense2', [10], 64 * 10 + 10],
      ]);
    });
  });
});

describe('tiny and large CNNs', () => {
  it('tiny: conv 8-16 straight into softmax, parameter count by hand', () => {
    withModel('tiny', SEED, (model) => {
      // conv1 3·3·1·8+8, conv2 3·3·8·16+16, dense1 (5·5·16)·10+10.
      const expected = 3 * 3 * 1 * 8 + 8 + (3 * 3 * 8 * 16 + 16) + (5 * 5 * 16 * 10 + 10);
      expect(model.countParams()).toBe(expected);
      expect(perExampleShape(model.layers[model.layers.length - 1])).toEqual([10]);
    });
  });

  it('large: doubled channels and Dense 128, parameter count by hand', () => {
    withModel('large', SEED, (model) => {
      // conv1 3·3·1·64+64, conv2 3·3·64·128+128, conv3 3·3·128·128+128, dense1 (3·3·128)·128+128, dense2 128·10+10.
      const expected =
        3 * 3 * 1 * 64 + 64 + (3 * 3 * 64 * 128 + 128) + (3 * 3 * 128 * 128 + 128) + (3 * 3 * 128 * 128 + 128) + (128 * 10 + 10);
      expect(model.countParams()).toBe(expected);
      expect(model.countParams()).toBeGreaterThan(3 * withModel('classic', SEED, (classic) => classic.countParams()));
    });
  });
});

describe('mlp', () => {
  it('has 784·128+128 + 128·10+10 = 101,770 parameters', () => {
    withModel('mlp', SEED, (model) => expect(model.countParams()).toBe(784 * 128 + 128 + 128 * 10 + 10));
  });
});

describe.each(CNN_MODEL_IDS)('%s CNN', (id) => {
  it('takes [28,28,1] and gives one softmax row per example', () => {
    withModel(id, SEED, (model) => {
      expect(model.inputs[0].shape).toEqual([null, 28, 28, 1]);
      const rowSums = tf.tidy(() => {
        const probabilities = model.predict(tf.randomUniform([FORWARD_BATCH, 28, 28, 1], 0, 1, 'float32', SEED)) as tf.Tensor;
        expect(probabilities.shape).toEqual([FORWARD_BATCH, 10]);
        return Array.from(probabilities.sum(1).dataSync());
      });
      expect(rowSums).toHaveLength(FORWARD_BATCH);
      for (const sum of rowSums) expect(sum).toBeCloseTo(1, 5);
    });
  });

  it('gives a softmax over the data set’s classes: [n, 3] for a 3-class set', () => {
    const model = getCnnModel(id).build(SEED, 3, SHIPPED_IMAGE_SHAPE);
    try {
      const shape = tf.tidy(() => (model.predict(tf.zeros([FORWARD_BATCH, 28, 28, 1])) as tf.Tensor).shape);
      expect(shape).toEqual([FORWARD_BATCH, 3]);
    } finally {
      model.dispose();
    }
  });

  it('gives bitwise-identical initial weights for the same seed, zero biases', () => {
    const first = withModel(id, SEED, weightBytes);
    const second = withModel(id, SEED, weightBytes);
    expect(second.map((bytes) => bytes.length)).toEqual(first.map((bytes) => bytes.length));
    second.forEach((bytes, index) => expect(bytes.equals(first[index])).toBe(true));
    withModel(id, SEED, (model) => {
      const biases = model.weights.filter((weight) => weight.originalName.endsWith('/bias'));
      expect(biases.length).toBeGreaterThan(0);
      for (const bias of biases) expect(Array.from(bias.read().dataSync()).every((value) => value === 0)).toBe(true);
    });
  });

  it('gives different kernels for a different seed', () => {
    const kernelsA = withModel(id, SEED, kernelBytes);
    const kernelsB = withModel(id, SEED + 1, kernelBytes);
    expect(kernelsA.length).toBeGreaterThan(0);
    expect(kernelsB.length).toBe(kernelsA.length);
    kernelsA.forEach((bytes, index) => expect(bytes.equals(kernelsB[index])).toBe(false));
  });

  it('builds twice in one process with the same layer and weight names', () => {
    const first = getCnnModel(id).build(SEED, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    const second = getCnnModel(id).build(SEED, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    try {
      expect(second.layers.map((layer) => layer.name)).toEqual(first.layers.map((layer) => layer.name));
      expect(second.weights.map((weight) => weight.originalName)).toEqual(first.weights.map((weight) => weight.originalName));
      expect(first.layers.map((layer) => layer.name)).toContain(id === 'mlp' ? 'dense1' : 'conv1');
    } finally {
      first.dispose();
      second.dispose();
    }
  });

  it('leaves no tensors behind after build, forward pass and dispose', () => {
    const before = tf.memory().numTensors;
    withModel(id, SEED, (model) => {
      expect(tf.memory().numTensors).toBeGreaterThan(before);
      tf.tidy(() => {
        model.predict(tf.zeros([1, 28, 28, 1]));
      });
    });
    expect(tf.memory().numTensors).toBe(before);
  });
});
