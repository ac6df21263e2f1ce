import * as tf from '@tensorflow/tfjs';
import { unzipSync } from 'fflate';
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
import { transferablesOf } from './owner/transfer';
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
  it('reads it from the store like MNIST, trains a 3-way model on it, sends the 3 x 3 confusion matrix and exports it with the set', async () => {
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
    // Its Keras package carries the whole set as dataset.npz, made here and handed over (transferred) whole.
    const exported = await owner.run({ kind: 'exportModel', checkpoint: null });
    expect(exported.outcome).toEqual({ status: 'done' });
    const result = exported.events.flatMap((e) => (e.type === 'model' && e.result.kind === 'export' ? [e.result] : []))[0];
    const dataset = result.run.dataset;
    if (!dataset) throw new Error('the export carries no data set');
    expect(dataset).toMatchObject({ name: 'Shapes', classNames: ['cross', 'ring', 'square'] });
    const whole = await loadOwnDataset(id, store);
    expect([dataset.trainCount, dataset.testCount]).toEqual([whole.train.count, whole.test.count]);
    expect(Object.keys(unzipSync(dataset.file)).sort()).toEqual(['class_names.npy', 'x_test.npy', 'x_train.npy', 'y_test.npy', 'y_train.npy']);
    expect(result.run.check.predictions.shape).toEqual([whole.test.count, 3]);
    const sent = owner.sent.find((e) => e.type === 'job' && e.event.type === 'model');
    expect(sent && transferablesOf(sent)).toEqual([dataset.file.buffer]);
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
