import { SHIPPED_IMAGE_SHAPE } from '../config/imageShape';
import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CNN_MODEL_IDS } from '../config/models';
import { analyzeModel, TRAIN_TO_FORWARD_FLOP_RATIO } from './cost';
import { getCnnModel } from './registry';
import { NUM_CLASSES } from '../config/tunables';

const SEED = 7;
const built: tf.LayersModel[] = [];

/** Keeps a model to dispose after the test. */
function keep<T extends tf.LayersModel>(model: T): T {
  built.push(model);
  return model;
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

afterEach(() => {
  for (const model of built.splice(0)) model.dispose();
});

function flopsByLayer(model: tf.LayersModel): Record<string, number> {
  return Object.fromEntries(analyzeModel(model).layers.map((layer) => [layer.name, layer.forwardFlops]));
}

class MysteryLayer extends tf.layers.Layer {
  static className = 'MysteryLayer';
  call(inputs: tf.Tensor | tf.Tensor[]): tf.Tensor {
    return Array.isArray(inputs) ? inputs[0] : inputs;
  }
}

describe('analyzeModel on the classic CNN', () => {
  it('matches FLOPs computed by hand, layer by layer', () => {
    const model = keep(getCnnModel('classic').build(SEED, NUM_CLASSES, SHIPPED_IMAGE_SHAPE));
    // Conv: 2·kh·kw·cin·cout·oh·ow multiply-adds + oh·ow·cout bias adds + oh·ow·cout relu.
    // MaxPool 2x2: 4 compares per output element. Dense: 2·in·out + out bias + out activation.
    const expected = {
      conv1: 2 * 3 * 3 * 1 * 32 * 26 * 26 + 26 * 26 * 32 + 26 * 26 * 32, // 389,376 + 21,632 + 21,632
      pool1: 2 * 2 * 13 * 13 * 32, // 21,632
      conv2: 2 * 3 * 3 * 32 * 64 * 11 * 11 + 11 * 11 * 64 + 11 * 11 * 64, // 4,460,544 + 7,744 + 7,744
      pool2: 2 * 2 * 5 * 5 * 64, // 6,400
      conv3: 2 * 3 * 3 * 64 * 64 * 3 * 3 + 3 * 3 * 64 + 3 * 3 * 64, // 663,552 + 576 + 576
      flatten: 0,
      dense1: 2 * 576 * 64 + 64 + 64, // 73,728 + 64 + 64
      dense2: 2 * 64 * 10 + 10 + 10, // 1,280 + 10 + 10 (softmax counted 1 per output)
    };
    expect(flopsByLayer(model)).toEqual(expected);
    const cost = analyzeModel(model);
    const forward = Object.values(expected).reduce((sum, flops) => sum + flops, 0);
    expect(forward).toBe(5_676_564);
    expect(cost.forwardFlopsPerExample).toBe(forward);
    expect(cost.trainFlopsPerExample).toBe(3 * forward);
    expect(TRAIN_TO_FORWARD_FLOP_RATIO).toBe(3);
  });

  it('reports per-example output shapes and parameters', () => {
    const cost = analyzeModel(keep(getCnnModel('classic').build(SEED, NUM_CLASSES, SHIPPED_IMAGE_SHAPE)));
    expect(cost.params).toBe(93_322);
    expect(cost.layers.map((layer) => [layer.className, layer.outputShape, layer.params])).toEqual([
      ['Conv2D', [26, 26, 32], 320],
      ['MaxPooling2D', [13, 13, 32], 0],
      ['Conv2D', [11, 11, 64], 18_496],
      ['MaxPooling2D', [5, 5, 64], 0],
      ['Conv2D', [3, 3, 64], 36_928],
      ['Flatten', [576], 0],
      ['Dense', [64], 36_928],
      ['Dense', [10], 650],
    ]);
  });

  it.each(CNN_MODEL_IDS)('%s: layer parameters add up to countParams()', (id) => {
    const model = keep(getCnnModel(id).build(SEED, NUM_CLASSES, SHIPPED_IMAGE_SHAPE));
    const cost = analyzeModel(model);
    expect(cost.params).toBe(model.countParams());
    expect(cost.layers.reduce((sum, layer) => sum + layer.params, 0)).toBe(model.countParams());
    expect(cost.forwardFlopsPerExample).toBeGreaterThan(0);
  });

  it('orders the presets by work: tiny < classic < large', () => {
    const [tiny, classic, large] = (['tiny', 'classic', 'large'] as const).map(
      (id) => analyzeModel(keep(getCnnModel(id).build(SEED, NUM_CLASSES, SHIPPED_IMAGE_SHAPE))).forwardFlopsPerExample,
    );
    expect(tiny).toBeLessThan(classic);
    expect(classic).toBeLessThan(large);
  });
});

describe('analyzeModel on GAN-style layers', () => {
  function generator(): tf.Sequential {
    return tf.sequential({
      name: 'generator',
      layers: [
        tf.layers.dense({ name: 'g_dense', inputShape: [8], units: 7 * 7 * 4, useBias: false }),
        tf.layers.batchNormalization({ name: 'g_bn1' }),
        tf.layers.leakyReLU({ name: 'g_lrelu' }),
        tf.layers.reshape({ name: 'g_reshape', targetShape: [7, 7, 4] }),
        tf.layers.conv2dTranspose({ name: 'g_deconv', filters: 2, kernelSize: 5, strides: 2, padding: 'same', useBias: false }),
        tf.layers.batchNormalization({ name: 'g_bn2', scale: false }),
        tf.layers.activation({ name: 'g_tanh', activation: 'tanh' }),
        tf.layers.upSampling2d({ name: 'g_up', size: [2, 2] }),
        tf.layers.conv2d({ name: 'g_conv', filters: 1, kernelSize: 3, padding: 'same', activation: 'sigmoid' }),
      ],
    });
  }

  function discriminator(): tf.Sequential {
    return tf.sequential({
      name: 'discriminator',
      layers: [
        tf.layers.conv2d({ name: 'd_conv', inputShape: [28, 28, 1], filters: 4, kernelSize: 3, strides: 2, padding: 'same' }),
        tf.layers.leakyReLU({ name: 'd_lrelu' }),
        tf.layers.dropout({ name: 'd_dropout', rate: 0.3 }),
        tf.layers.flatten({ name: 'd_flatten' }),
        tf.layers.dense({ name: 'd_dense', units: 1, activation: 'sigmoid' }),
      ],
    });
  }

  const generatorFlops = {
    g_dense: 2 * 8 * 196, // no bias, linear
    g_bn1: 4 * 196, // subtract mean, times inverse std, gamma, beta
    g_lrelu: 196,
    g_reshape: 0,
    g_deconv: 2 * 5 * 5 * 2 * (7 * 7 * 4), // 2·kh·kw·cout per input element; output [14,14,2], no bias
    g_bn2: 3 * 14 * 14 * 2, // no gamma
    g_tanh: 14 * 14 * 2,
    g_up: 0, // nearest neighbour is a copy
    g_conv: 2 * 3 * 3 * 2 * 28 * 28 * 1 + 28 * 28 + 28 * 28, // + bias + sigmoid
  };
  const discriminatorFlops = {
    d_conv: 2 * 3 * 3 * 1 * 4 * 14 * 14 + 14 * 14 * 4, // stride 2 'same' gives [14,14,4]; bias, linear
    d_lrelu: 14 * 14 * 4,
    d_dropout: 0,
    d_flatten: 0,
    d_dense: 2 * 784 * 1 + 1 + 1, // + bias + sigmoid
  };
  const sum = (flops: Record<string, number>): number => Object.values(flops).reduce((total, value) => total + value, 0);

  it('counts Dense, BatchNormalization, LeakyReLU, Reshape, Conv2DTranspose, Activation and UpSampling2D', () => {
    const model = keep(generator());
    expect(flopsByLayer(model)).toEqual(generatorFlops);
    expect(analyzeModel(model).layers.find((layer) => layer.name === 'g_deconv')?.outputShape).toEqual([14, 14, 2]);
  });

  it('counts a strided Conv2D, Dropout and Flatten', () => {
    expect(flopsByLayer(keep(discriminator()))).toEqual(discriminatorFlops);
  });

  it('expands nested models into prefixed layers', () => {
    const gen = keep(generator());
    const disc = keep(discriminator());
    const combined = tf.sequential({ name: 'gan', layers: [gen, disc] });
    const cost = analyzeModel(combined);
    expect(cost.layers[0].name).toBe('generator/g_dense');
    expect(cost.layers[cost.layers.length - 1].name).toBe('discriminator/d_dense');
    expect(cost.forwardFlopsPerExample).toBe(sum(generatorFlops) + sum(discriminatorFlops));
    expect(cost.params).toBe(gen.countParams() + disc.countParams());
  });

  it('gives a Dense plus separate Activation the same total as a fused activation', () => {
    const fused = keep(tf.sequential({ layers: [tf.layers.dense({ inputShape: [20], units: 10, activation: 'softmax' })] }));
    const separate = keep(
      tf.sequential({ layers: [tf.layers.dense({ inputShape: [20], units: 10 }), tf.layers.activation({ activation: 'softmax' })] }),
    );
    expect(analyzeModel(separate).layers.map((layer) => layer.forwardFlops)).toEqual([2 * 20 * 10 + 10, 10]);
    expect(analyzeModel(separate).forwardFlopsPerExample).toBe(analyzeModel(fused).forwardFlopsPerExample);
  });

  it('counts bilinear upsampling as 4 multiplies + 3 adds per output element', () => {
    const model = keep(tf.sequential({ layers: [tf.layers.upSampling2d({ inputShape: [3, 3, 2], size: [2, 2], interpolation: 'bilinear' })] }));
    expect(analyzeModel(model).forwardFlopsPerExample).toBe(7 * 6 * 6 * 2);
  });

  it('counts strided and global pooling from their windows', () => {
    const model = keep(
      tf.sequential({
        layers: [
          tf.layers.maxPooling2d({ name: 'max', inputShape: [7, 7, 2], poolSize: 3, strides: 2 }),
          tf.layers.averagePooling2d({ name: 'avg', poolSize: 2, strides: 1 }),
          tf.layers.globalAveragePooling2d({ name: 'global' }),
        ],
      }),
    );
    // max: [3,3,2] out, 9 per element; avg: [2,2,2] out, 4 per element; global: reads all 2·2·2 inputs.
    expect(flopsByLayer(model)).toEqual({ max: 9 * 3 * 3 * 2, avg: 4 * 2 * 2 * 2, global: 2 * 2 * 2 });
  });

  it('reads the channel axis of channels-first convolutions', () => {
    const model = keep(
      tf.sequential({ layers: [tf.layers.conv2d({ name: 'cf', inputShape: [3, 8, 8], filters: 4, kernelSize: 3, dataFormat: 'channelsFirst' })] }),
    );
    expect(analyzeModel(model).layers[0].outputShape).toEqual([4, 6, 6]);
    expect(flopsByLayer(model)).toEqual({ cf: 2 * 3 * 3 * 3 * 4 * 6 * 6 + 4 * 6 * 6 });
  });

  it('counts functional models with InputLayer, Embedding and merge layers', () => {
    const label = tf.input({ name: 'label', shape: [1] });
    const noise = tf.input({ name: 'noise', shape: [6] });
    const embedded = tf.layers.flatten({ name: 'embed_flat' }).apply(
      tf.layers.embedding({ name: 'embed', inputDim: 10, outputDim: 6 }).apply(label),
    ) as tf.SymbolicTensor;
    const product = tf.layers.multiply({ name: 'mul' }).apply([noise, embedded]) as tf.SymbolicTensor;
    const total = tf.layers.add({ name: 'add' }).apply([noise, product, noise]) as tf.SymbolicTensor;
    const joined = tf.layers.concatenate({ name: 'concat' }).apply([noise, total]) as tf.SymbolicTensor;
    const output = tf.layers.dense({ name: 'out', units: 2 }).apply(joined) as tf.SymbolicTensor;
    const model = keep(tf.model({ inputs: [label, noise], outputs: output }));
    expect(flopsByLayer(model)).toEqual({
      label: 0,
      noise: 0,
      embed: 0,
      embed_flat: 0,
      mul: 6, // 2 inputs: 1 op per element
      add: 2 * 6, // 3 inputs: 2 ops per element
      concat: 0,
      out: 2 * 12 * 2 + 2,
    });
  });

  it('throws naming an unknown layer class instead of counting 0', () => {
    const model = keep(tf.sequential({ layers: [tf.layers.dense({ inputShape: [4], units: 4 }), new MysteryLayer({ name: 'odd' })] }));
    expect(() => analyzeModel(model)).toThrow(/MysteryLayer.*odd/);
  });
});
