/**
 * A 32 x 32 colour data set of your own (3 classes, imported from generated coloured PNGs) through
 * every classifier: built from its input shape, trained a few steps on WebAssembly (the plain-JS cpu backend takes half a minute for the large CNN), its memory
 * plan counting three channels, and its export (check inputs and dataset.npz) in that shape.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { defaultGanConfig } from '../../config/ganConfig';
import type { CnnModelId } from '../../config/models';
import { colourDataset } from '../../data/own/testing/colourFixtures';
import { trainableDataset } from '../../data/own/trainable';
import type { ImageDataset } from '../../data/types';
import { englishError } from '../../i18n/testing/english';
import { floatsPerExample } from '../../models/memory';
import { registerWasmTrainingKernels } from '../backends/wasmKernels';
import { ownDatasetNpz } from '../export/datasetNpz';
import { exportClassifier } from '../export/exportRun';
import { encodeNpy } from '../protocol/npy';
import { CnnWorkload } from './cnnWorkload';
import { GanWorkload } from './ganWorkload';

const CLASSES = 3;
const BATCH = 2;
const MODELS: readonly CnnModelId[] = ['tiny', 'classic', 'large', 'mlp'];
let data: ImageDataset;

function config(model: CnnModelId, overrides: Partial<CnnRunConfig> = {}): CnnRunConfig {
  return { ...defaultCnnConfig(), backend: 'wasm', model, batchSize: BATCH, trainExamples: data.train.count, testExamples: data.test.count, ...overrides };
}

const dispose = (scalars: Record<string, tf.Scalar>) => Object.values(scalars).forEach((t) => t.dispose());

beforeAll(async () => {
  registerWasmTrainingKernels();
  expect(await tf.setBackend('wasm')).toBe(true);
  data = trainableDataset('own:0123456789abcdef', await colourDataset(4));
});

describe('a 32 x 32 colour data set', () => {
  it.each(MODELS)('trains the %s model built from its input shape, outputs [n, 3], tensor count flat', (model) => {
    const workload = CnnWorkload.create(config(model), data, 'wasm', {});
    try {
      expect(workload.model.inputs[0].shape).toEqual([null, 32, 32, 3]);
      const out = workload.forward();
      expect(out.shape).toEqual([BATCH, CLASSES]);
      out.dispose();
      dispose(workload.step());
      const after = tf.memory().numTensors;
      for (let i = 0; i < 2; i++) {
        const scalars = workload.step();
        expect(Number.isFinite(scalars.loss.dataSync()[0])).toBe(true);
        dispose(scalars);
        expect(tf.memory().numTensors).toBe(after);
      }
    } finally {
      workload.dispose();
    }
  });

  it('trains with its batches uploaded from JS memory too', () => {
    const workload = CnnWorkload.create(config('tiny', { dataPlacement: 'host' }), data, 'wasm', {});
    try {
      dispose(workload.step());
      const after = tf.memory().numTensors;
      dispose(workload.step());
      expect(tf.memory().numTensors).toBe(after);
    } finally {
      workload.dispose();
    }
  });

  it('counts three channels an image in the memory plan', () => {
    const workload = CnnWorkload.create(config('mlp', { prefetch: 'off', dataPlacement: 'device' }), data, 'wasm', {});
    try {
      expect(floatsPerExample(CLASSES, data.shape)).toBe(32 * 32 * 3 + CLASSES);
      const examples = data.train.count + data.test.count + BATCH;
      expect(workload.plan.data).toBe(examples * (32 * 32 * 3 + CLASSES) * 4);
    } finally {
      workload.dispose();
    }
  });

  it('is exported in its shape: the check images [n, 32, 32, 3], the topology, and dataset.npz', async () => {
    const workload = CnnWorkload.create(config('tiny'), data, 'wasm', {});
    try {
      const run = await exportClassifier(workload.model, data.test);
      expect(run.check.images.shape).toEqual([data.test.count, 32, 32, 3]);
      expect(run.check.predictions.shape).toEqual([data.test.count, CLASSES]);
      expect(JSON.stringify(run.models[0].topology)).toContain('"batch_input_shape":[null,32,32,3]');
    } finally {
      workload.dispose();
    }
    const files = unzipSync(ownDatasetNpz(data).file);
    const same = (name: string, shape: number[], bytes: Uint8Array) => expect(Buffer.compare(files[name], encodeNpy({ dtype: 'uint8', shape, data: bytes }))).toBe(0);
    same('x_train.npy', [data.train.count, 32, 32, 3], data.train.images);
    same('x_test.npy', [data.test.count, 32, 32, 3], data.test.images);
    same('y_train.npy', [data.train.count], data.train.labels);
  });

  it('is refused by the GAN in one sentence', () => {
    let thrown: unknown;
    try {
      GanWorkload.create({ ...defaultGanConfig(), backend: 'wasm' }, { ...data, own: { name: 'Photos', classNames: ['a', 'b', 'c'] } }, 'wasm', {});
    } catch (err) {
      thrown = err;
    }
    expect(englishError(thrown)).toBe('The GAN studio makes 28 x 28 grayscale images, and Photos holds 32 x 32 colour images: pick MNIST, Fashion-MNIST or a grayscale set of your own.');
  });
});
