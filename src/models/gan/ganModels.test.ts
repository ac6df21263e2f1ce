import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAN_MODEL_IDS, type GanModelId } from '../../config/models';
import { GAN_MODELS, getGanModel } from './registry';

const SEED = 42;
const LATENT_SIZE = 100;
const FORWARD_BATCH = 3;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

type Network = 'generator' | 'discriminator';

function build(id: GanModelId, network: Network, seed: number, latentSize = LATENT_SIZE): tf.Sequential {
  const spec = getGanModel(id);
  return network === 'generator' ? spec.buildGenerator(latentSize, seed) : spec.buildDiscriminator(seed);
}

function withModel<T>(id: GanModelId, network: Network, seed: number, use: (model: tf.Sequential) => T): T {
  const model = build(id, network, seed);
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

/** [name, per-example output shape, parameters] of every layer. */
function layerTable(model: tf.LayersModel): [string, number[], number][] {
  return model.layers.map((layer) => [layer.name, (layer.outputShape as number[]).slice(1), layer.countParams()]);
}

describe('GAN registry', () => {
  it('has one spec per model id, keyed by its own id', () => {
    expect(Object.keys(GAN_MODELS).sort()).toEqual([...GAN_MODEL_IDS].sort());
    for (const id of GAN_MODEL_IDS) expect(getGanModel(id).id).toBe(id);
  });

  it('refuses an id that slipped past the type system', () => {
    expect(() => getGanModel('stylegan' as GanModelId)).toThrow('stylegan');
  });
});

describe('MLP GAN', () => {
  it('generator: z → 256 → 512 → 1024 → 784 tanh → 28x28x1, parameters by hand', () => {
    withModel('mlp', 'generator', SEED, (generator) => {
      expect(generator.inputs[0].shape).toEqual([null, LATENT_SIZE]);
      expect(layerTable(generator)).toEqual([
        ['g_dense1', [256], 100 * 256 + 256],
        ['g_lrelu1', [256], 0],
        ['g_dense2', [512], 256 * 512 + 512],
        ['g_lrelu2', [512], 0],
        ['g_dense3', [1024], 512 * 1024 + 1024],
        ['g_lrelu3', [1024], 0],
        ['g_dense4', [784], 1024 * 784 + 784],
        ['g_image', [28, 28, 1], 0],
      ]);
      // 25,856 + 131,584 + 525,312 + 803,600.
      expect(generator.countParams()).toBe(100 * 256 + 256 + (256 * 512 + 512) + (512 * 1024 + 1024) + (1024 * 784 + 784));
      expect(generator.countParams()).toBe(1_486_352);
    });
  });

  it('discriminator: 28x28x1 → 784 → 512 → 256 → 1 sigmoid, parameters by hand', () => {
    withModel('mlp', 'discriminator', SEED, (discriminator) => {
      expect(discriminator.inputs[0].shape).toEqual([null, 28, 28, 1]);
      expect(layerTable(discriminator)).toEqual([
        ['d_flatten', [784], 0],
        ['d_dense1', [512], 784 * 512 + 512],
        ['d_lrelu1', [512], 0],
        ['d_dense2', [256], 512 * 256 + 256],
        ['d_lrelu2', [256], 0],
        ['d_logit', [1], 256 + 1],
        ['d_prob', [1], 0],
      ]);
      // 401,920 + 131,328 + 257.
      expect(discriminator.countParams()).toBe(784 * 512 + 512 + (512 * 256 + 256) + (256 + 1));
      expect(discriminator.countParams()).toBe(533_505);
    });
  });

  it('uses LeakyReLU slope 0.01 everywhere', () => {
    for (const network of ['generator', 'discriminator'] as const) {
      withModel('mlp', network, SEED, (model) => {
        const slopes = model.layers.filter((layer) => layer.getClassName() === 'LeakyReLU').map((layer) => layer.getConfig().alpha);
        expect(slopes.length).toBeGreaterThan(0);
        expect(new Set(slopes)).toEqual(new Set([0.01]));
      });
    }
  });
});

describe('DCGAN', () => {
  it('generator: z → 7x7x64 → deconv 14x14x32 → deconv 28x28x1 tanh, parameters by hand', () => {
    withModel('dcgan', 'generator', SEED, (generator) => {
      expect(layerTable(generator)).toEqual([
        ['g_project', [3136], 100 * 7 * 7 * 64 + 7 * 7 * 64],
        ['g_lrelu1', [3136], 0],
        ['g_seed_map', [7, 7, 64], 0],
        ['g_deconv1', [14, 14, 32], 5 * 5 * 64 * 32 + 32],
        ['g_lrelu2', [14, 14, 32], 0],
        ['g_image', [28, 28, 1], 5 * 5 * 32 * 1 + 1],
      ]);
      // 316,736 + 51,232 + 801.
      expect(generator.countParams()).toBe(368_769);
    });
  });

  it('discriminator: conv 14x14x32 → conv 7x7x64 → 3136 → 1 sigmoid, parameters by hand', () => {
    withModel('dcgan', 'discriminator', SEED, (discriminator) => {
      expect(layerTable(discriminator)).toEqual([
        ['d_conv1', [14, 14, 32], 5 * 5 * 1 * 32 + 32],
        ['d_lrelu1', [14, 14, 32], 0],
        ['d_conv2', [7, 7, 64], 5 * 5 * 32 * 64 + 64],
        ['d_lrelu2', [7, 7, 64], 0],
        ['d_flatten', [3136], 0],
        ['d_logit', [1], 3136 + 1],
        ['d_prob', [1], 0],
      ]);
      // 832 + 51,264 + 3,137.
      expect(discriminator.countParams()).toBe(55_233);
    });
  });
});

describe.each(GAN_MODEL_IDS)('%s GAN', (id) => {
  it('generator takes the latent size it is given and draws [28,28,1] images in [-1,1]', () => {
    const generator = build(id, 'generator', SEED, 7);
    try {
      expect(generator.inputs[0].shape).toEqual([null, 7]);
      const [min, max, shape] = tf.tidy(() => {
        const images = generator.predict(tf.randomNormal([FORWARD_BATCH, 7], 0, 1, 'float32', SEED)) as tf.Tensor;
        return [images.min().dataSync()[0], images.max().dataSync()[0], images.shape];
      });
      expect(shape).toEqual([FORWARD_BATCH, 28, 28, 1]);
      expect(min).toBeGreaterThanOrEqual(-1);
      expect(max).toBeLessThanOrEqual(1);
      expect(max).toBeGreaterThan(min);
    } finally {
      generator.dispose();
    }
  });

  it('discriminator gives one probability per image from a linear logit and a sigmoid', () => {
    withModel(id, 'discriminator', SEED, (discriminator) => {
      const layers = discriminator.layers;
      const logit = layers[layers.length - 2];
      const prob = layers[layers.length - 1];
      expect([logit.getClassName(), logit.getConfig().activation]).toEqual(['Dense', 'linear']);
      expect([prob.getClassName(), prob.getConfig().activation]).toEqual(['Activation', 'sigmoid']);
      const probabilities = tf.tidy(() => {
        const out = discriminator.predict(tf.randomUniform([FORWARD_BATCH, 28, 28, 1], -1, 1, 'float32', SEED)) as tf.Tensor;
        expect(out.shape).toEqual([FORWARD_BATCH, 1]);
        return Array.from(out.dataSync());
      });
      for (const p of probabilities) {
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThan(1);
      }
    });
  });

  it.each(['generator', 'discriminator'] as const)('%s: bitwise-identical initial weights for the same seed, zero biases', (network) => {
    const first = withModel(id, network, SEED, weightBytes);
    const second = withModel(id, network, SEED, weightBytes);
    expect(second.map((bytes) => bytes.length)).toEqual(first.map((bytes) => bytes.length));
    second.forEach((bytes, index) => expect(bytes.equals(first[index])).toBe(true));
    withModel(id, network, SEED, (model) => {
      const biases = model.weights.filter((weight) => weight.originalName.endsWith('/bias'));
      expect(biases.length).toBeGreaterThan(0);
      for (const bias of biases) expect(Array.from(bias.read().dataSync()).every((value) => value === 0)).toBe(true);
    });
  });

  it.each(['generator', 'discriminator'] as const)('%s: different kernels for a different seed', (network) => {
    const kernelsA = withModel(id, network, SEED, kernelBytes);
    const kernelsB = withModel(id, network, SEED + 1, kernelBytes);
    expect(kernelsA.length).toBeGreaterThan(0);
    expect(kernelsB.length).toBe(kernelsA.length);
    kernelsA.forEach((bytes, index) => expect(bytes.equals(kernelsB[index])).toBe(false));
  });

  it('builds twice in one process with the same layer and weight names, G and D names disjoint', () => {
    const built = [build(id, 'generator', SEED), build(id, 'generator', SEED), build(id, 'discriminator', SEED), build(id, 'discriminator', SEED)];
    try {
      const [g1, g2, d1, d2] = built;
      const names = (model: tf.LayersModel) => model.weights.map((weight) => weight.originalName);
      expect(g2.layers.map((layer) => layer.name)).toEqual(g1.layers.map((layer) => layer.name));
      expect(names(g2)).toEqual(names(g1));
      expect(d2.layers.map((layer) => layer.name)).toEqual(d1.layers.map((layer) => layer.name));
      expect(names(d2)).toEqual(names(d1));
      expect(names(g1).every((name) => name.startsWith('g_'))).toBe(true);
      expect(names(d1).every((name) => name.startsWith('d_'))).toBe(true);
    } finally {
      for (const model of built) model.dispose();
    }
  });

  it('leaves no tensors behind after build, forward pass and dispose', () => {
    const before = tf.memory().numTensors;
    const generator = build(id, 'generator', SEED);
    const discriminator = build(id, 'discriminator', SEED);
    expect(tf.memory().numTensors).toBeGreaterThan(before);
    tf.tidy(() => {
      discriminator.predict(generator.predict(tf.zeros([1, LATENT_SIZE])) as tf.Tensor);
    });
    generator.dispose();
    discriminator.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
