/**
 * The "Export for TensorFlow" package from the app's real models (built with TensorFlow.js, which
 * src/share may not import, hence this file under scripts/): every model of both registries becomes
 * Keras code layer for layer, the package holds exactly its files and the weights in the model's
 * order (and a data set of your own as it was made), and a topology that is not one of the app's is refused by name. The Python side is run
 * by `npm run test:export` (scripts/exportCheck.ts).
 */
import { SHIPPED_IMAGE_SHAPE } from '../src/config/imageShape';
import * as tf from '@tensorflow/tfjs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../src/config/cnnConfig';
import { defaultGanConfig } from '../src/config/ganConfig';
import type { ImageSplit } from '../src/data/types';
import { exportClassifier, exportGan } from '../src/engine/export/exportRun';
import { encodeNpz } from '../src/engine/protocol/npy';
import { CNN_MODELS } from '../src/models/registry';
import { GAN_MODELS } from '../src/models/gan/registry';
import { kerasModelFunction, MAX_EXPORT_LAYERS, readTopology } from '../src/share/export/kerasModel';
import { pythonPackageFiles, zipPythonPackage } from '../src/share/export/pythonPackage';
import { NUM_CLASSES } from '../src/config/tunables';

const split = (count: number): ImageSplit => {
  const images = new Uint8Array(count * 784);
  for (let i = 0; i < images.length; i++) images[i] = (i * 37) % 256;
  return { count, images, labels: new Uint8Array(count).map((_, i) => i % 10) };
};

function sequentialJson(layers: unknown[]): unknown {
  return { class_name: 'Sequential', config: { name: 'm', layers } };
}

const dense = (extra: Record<string, unknown> = {}) => ({
  class_name: 'Dense',
  config: { name: 'd', units: 10, activation: 'softmax', use_bias: true, batch_input_shape: [null, 4], kernel_initializer: { class_name: 'Zeros', config: {} }, bias_initializer: { class_name: 'Zeros', config: {} }, ...extra },
});

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('Keras code for every model of the registries', () => {
  it.each(Object.keys(CNN_MODELS))('CNN %s: one Keras layer per TensorFlow.js layer, same names', (id) => {
    const model = CNN_MODELS[id as keyof typeof CNN_MODELS].build(1, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    try {
      const code = kerasModelFunction('build_model', readTopology(model.toJSON(null, false)));
      const calls = code.split('\n').filter((line) => line.trim().startsWith('layers.'));
      expect(calls).toHaveLength(model.layers.length);
      model.layers.forEach((layer, i) => {
        expect(calls[i]).toContain(`layers.${layer.getClassName()}(`);
        expect(calls[i]).toContain(`name="${layer.name}"`);
      });
      expect(code).toContain('keras.Input(shape=(28, 28, 1))');
    } finally {
      model.dispose();
    }
  });

  it.each(Object.keys(GAN_MODELS))('GAN %s: both networks become Keras code', (id) => {
    const spec = GAN_MODELS[id as keyof typeof GAN_MODELS];
    const generator = spec.buildGenerator(defaultGanConfig().latentSize, 1);
    const discriminator = spec.buildDiscriminator(1);
    try {
      for (const model of [generator, discriminator]) {
        const code = kerasModelFunction('build', readTopology(model.toJSON(null, false)));
        expect(code.split('\n').filter((line) => line.trim().startsWith('layers.'))).toHaveLength(model.layers.length);
      }
    } finally {
      generator.dispose();
      discriminator.dispose();
    }
  });
});

describe('the package', () => {
  it('holds exactly its files, the weights in model order, and leaves no tensors behind', async () => {
    const model = CNN_MODELS.tiny.build(3, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    const before = tf.memory().numTensors;
    const exported = await exportClassifier(model, split(12));
    expect(tf.memory().numTensors).toBe(before);
    const zip = unzipSync(zipPythonPackage({ ...exported, config: { ...defaultCnnConfig(), model: 'tiny' }, modelLabel: 'Tiny CNN', appVersion: 'test' }, 'cnn-tiny'));
    expect(Object.keys(zip).sort()).toEqual(
      ['README.md', 'check.npz', 'model_topology.json', 'requirements.txt', 'run.json', 'train.py', 'verify.py', 'weights.npz'].map((f) => `cnn-tiny/${f}`),
    );
    const weights = unzipSync(zip['cnn-tiny/weights.npz']);
    expect(Object.keys(weights)).toEqual(model.weights.map((w, i) => `model_${String(i).padStart(3, '0')}_${w.originalName.replace(/[^A-Za-z0-9_]/g, '_')}.npy`));
    const train = new TextDecoder().decode(zip['cnn-tiny/train.py']);
    for (const needle of ['tf.distribute.MirroredStrategy', 'num_replicas_in_sync', 'prefetch', 'TensorBoard', 'def build_model']) expect(train).toContain(needle);
    expect(exported.check.predictions.shape).toEqual([12, 10]);
    model.dispose();
  });

  it('carries a data set of your own as dataset.npz, stored as the worker made it, which train.py reads instead of keras.datasets', async () => {
    const model = CNN_MODELS.tiny.build(3, 3, SHIPPED_IMAGE_SHAPE);
    const exported = await exportClassifier(model, split(6));
    model.dispose();
    const npz = encodeNpz({ y_train: { dtype: 'uint8', shape: [3], data: new Uint8Array([0, 1, 2]) } }, { deflate: true });
    const dataset = { file: npz, name: 'Shapes', classNames: ['cross', 'ring', 'square'], trainCount: 24, testCount: 6 };
    const config = { ...defaultCnnConfig(), model: 'tiny' as const, dataset: 'own:0123456789abcdef' as const };
    const methods: Record<string, number> = {};
    const zip = unzipSync(zipPythonPackage({ ...exported, dataset, config, modelLabel: 'Tiny CNN', appVersion: 'test' }, 'cnn-tiny'), {
      filter: (file) => ((methods[file.name] = file.compression), true),
    });
    expect(Buffer.compare(zip['cnn-tiny/dataset.npz'], npz)).toBe(0);
    expect(methods['cnn-tiny/dataset.npz']).toBe(0);
    expect(methods['cnn-tiny/train.py']).toBe(8);
    const train = new TextDecoder().decode(zip['cnn-tiny/train.py']);
    expect(train).toContain('if not path and RUN["dataset"].startswith("own:"):');
    expect(train).toContain('os.path.join(HERE, "dataset.npz")');
    const readme = new TextDecoder().decode(zip['cnn-tiny/README.md']);
    expect(readme).toContain('your data set “Shapes” (`own:0123456789abcdef`) from `dataset.npz` in this folder (24 training and 6 test images, 3 classes: cross, ring, square;');
    expect(readme).toContain('| dataset.npz |');
    expect(exported.check.predictions.shape).toEqual([6, 3]);
  });

  it('writes a GAN package with both networks and a custom loop under strategy.run', async () => {
    const config = defaultGanConfig();
    const generator = GAN_MODELS.mlp.buildGenerator(config.latentSize, 2);
    const discriminator = GAN_MODELS.mlp.buildDiscriminator(2);
    const files = pythonPackageFiles({ ...(await exportGan(generator, discriminator, config.latentSize, split(4))), config, modelLabel: 'MLP GAN', appVersion: 'test' });
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['generator_topology.json', 'discriminator_topology.json', 'train.py', 'verify.py']));
    expect(String(files['train.py'])).toContain('strategy.run');
    generator.dispose();
    discriminator.dispose();
  });
});

describe('a topology that is not one of the app\'s is refused by name', () => {
  it.each([
    ['a functional model', { class_name: 'Model', config: { name: 'm', layers: [dense()] } }, /Only Sequential/],
    ['an unknown layer', sequentialJson([dense(), { class_name: 'Lambda', config: { name: 'x' } }]), /Lambda, which the export does not know/],
    ['a regularizer', sequentialJson([dense({ kernel_regularizer: { class_name: 'L1L2', config: { l1: 0.1 } } })]), /kernel regularizer/],
    ['a constraint', sequentialJson([dense({ bias_constraint: { class_name: 'MaxNorm', config: {} } })]), /bias constraint/],
    ['an unknown activation', sequentialJson([dense({ activation: 'swish' })]), /activation must be one of/],
    ['an unknown initialiser', sequentialJson([dense({ kernel_initializer: { class_name: 'Orthogonal', config: {} } })]), /Orthogonal, which the export does not know/],
    ['too many layers', sequentialJson(Array.from({ length: MAX_EXPORT_LAYERS + 1 }, () => dense())), /at most 64 can be exported/],
    ['a layer name that is code', sequentialJson([dense({ name: 'd"); import os; ("' })]), /no usable name/],
  ])('%s', (_what, topology, message) => {
    expect(() => kerasModelFunction('build_model', readTopology(topology))).toThrow(message);
  });

  it('refuses a __proto__ key anywhere in a layer', () => {
    const hostile = JSON.parse('{"class_name":"Sequential","config":{"name":"m","layers":[{"class_name":"Dense","config":{"__proto__":{"units":1},"name":"d"}}]}}');
    expect(() => kerasModelFunction('build_model', readTopology(hostile))).toThrow();
  });
});
