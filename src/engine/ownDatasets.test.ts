import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../config/cnnConfig';
import type { OwnDatasetId } from '../config/datasets';
import { createFileReader } from '../data/nodeReader';
import { buildOwnDataset } from '../data/own/document';
import { memoryRecords } from '../data/own/records';
import { ownDataStore } from '../data/own/store';
import { OPTIONS, classNames, shapesPool } from '../data/own/testing/fixtures';
import { loadOwnDataset } from '../data/own/trainable';
import { english } from '../i18n/testing/english';
import { DatasetCache } from './datasetCache';
import type { EvalPoint } from './protocol/training';
import { nodeHost, RecordingOwner } from './testing/nodeHost';

const store = ownDataStore(memoryRecords());
let id: OwnDatasetId;

beforeAll(async () => {
  await tf.setBackend('cpu');
  id = (await store.put(buildOwnDataset(shapesPool(40), classNames(3), OPTIONS))).id;
});

const datasets = () => new DatasetCache(createFileReader('public/data'), (own) => loadOwnDataset(own, store));

describe('a train job on a data set of your own', () => {
  it('reads it from the store like MNIST, trains a 3-way model on it, and sends the 3 x 3 confusion matrix', async () => {
    const owner = new RecordingOwner(nodeHost({ datasets: datasets() }));
    // The dense MLP: three shapes are easy, and the plain-JS cpu backend's convolution gradients are slow.
    const config: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', dataset: id, batchSize: 8, epochs: 4, learningRate: 0.003 };
    const job = await owner.run({ kind: 'train', config });
    expect(job.outcome).toEqual({ status: 'done' });
    const evals = job.events.flatMap((e) => (e.type === 'eval' ? [e.point as EvalPoint] : []));
    expect(evals.at(-1)?.testAccuracy).toBeGreaterThan(0.9);
    const confusion = job.events.flatMap((e) => (e.type === 'confusion' ? [e.result] : []));
    expect(confusion.at(-1)?.counts).toHaveLength(3);
    expect(confusion.at(-1)?.source.dataset).toBe(id);
    // Its Keras package would train on MNIST: refused in a sentence until an own set travels with it.
    const exported = await owner.run({ kind: 'exportModel', checkpoint: null });
    if (exported.outcome?.status !== 'error') throw new Error(`expected a refusal, got ${JSON.stringify(exported.outcome)}`);
    expect(english(exported.outcome.message)).toBe(`Export for TensorFlow takes models trained on MNIST or Fashion-MNIST in this version; this one trained on your data set ${id}.`);
  });

  it('fails with a sentence when this browser does not hold the data set', async () => {
    const owner = new RecordingOwner(nodeHost({ datasets: datasets() }));
    const job = await owner.run({ kind: 'train', config: { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', dataset: 'own:00000000000000aa' } });
    const outcome = job.outcome;
    if (outcome?.status !== 'error') throw new Error(`expected an error, got ${JSON.stringify(outcome)}`);
    expect(english(outcome.message)).toBe(
      'This browser does not hold the data set own:00000000000000aa: load its data set file (.gpds) under “Your data”, or pick another data set.',
    );
  });
});
