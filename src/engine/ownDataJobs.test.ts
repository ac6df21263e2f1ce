/** The lab's race and batch sweep, and the GAN, on a data set of your own kept in IndexedDB (fake-indexeddb in Node). */
import * as tf from '@tensorflow/tfjs';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnDatasetId } from '../config/datasets';
import { defaultGanConfig, type GanRunConfig } from '../config/ganConfig';
import { defaultLabSettings, type LabSettings } from '../config/labConfig';
import { createFileReader } from '../data/nodeReader';
import { buildOwnDataset } from '../data/own/document';
import { openIdbRecords } from '../data/own/idbRecords';
import { ownDataStore, type OwnDataStore } from '../data/own/store';
import { OPTIONS, classNames, shapesPool } from '../data/own/testing/fixtures';
import { loadOwnDataset } from '../data/own/trainable';
import { english } from '../i18n/testing/english';
import type { Message } from '../i18n/message';
import { DatasetCache } from './datasetCache';
import type { JobEvent } from './protocol/jobs';
import { nodeHost, RecordingOwner } from './testing/nodeHost';

let store: OwnDataStore;
let id: OwnDatasetId;
let trainCount: number;
const MISSING: OwnDatasetId = 'own:00000000000000aa';
const NOT_HELD = `This browser does not hold the data set ${MISSING}: load its data set file (.gpds) under “Your data”, or pick another data set.`;

beforeAll(async () => {
  await tf.setBackend('cpu');
  store = ownDataStore(await openIdbRecords(new IDBFactory(), 'test-own-data-jobs'));
  id = (await store.put(buildOwnDataset(shapesPool(40), classNames(3), OPTIONS))).id;
  trainCount = (await loadOwnDataset(id, store)).train.count;
});

/** A fresh owner whose device worker reads own sets from that store, as the app's reads IndexedDB. */
const owner = () => new RecordingOwner(nodeHost({ datasets: new DatasetCache(createFileReader('public/data'), (own) => loadOwnDataset(own, store)) }));

/** The dense MLP at batch 16: the jobs' protocol is the point, and the plain-JS cpu backend's convolution gradients are slow. */
const LAB = (dataset: string): LabSettings => ({ ...defaultLabSettings(), model: 'mlp', dataset: dataset as OwnDatasetId, batchSize: 16, seed: 1, warmupSteps: 1, measuredSteps: 3, backends: ['cpu'] });

/** The data set's own training images were what the job loaded (the lab would cut MNIST to 2,048). */
function loadedTrainImages(events: readonly JobEvent[]): number[] {
  return events.flatMap((e) => (e.type === 'progress' && (e.message as Message).id === 'engine.data.loaded' ? [Number((e.message as Message).values?.train)] : []));
}

describe('the lab on a data set of your own', () => {
  it('races on it, loading its own images, and leaves as many tensors as it found', async () => {
    const before = tf.memory().numTensors;
    const { lab: job, events, outcome } = await owner().run({ kind: 'race', settings: LAB(id) });
    expect(outcome).toEqual({ status: 'done' });
    expect(tf.memory().numTensors).toBe(before);
    expect(loadedTrainImages(events)).toEqual([trainCount]);
    expect(job.raceRows).toHaveLength(1);
    expect(job.raceRows[0]).toMatchObject({ backend: 'cpu', batchSize: 16, measuredSteps: 3 });
    expect(job.raceRows[0].stepTrace?.every((s) => Number.isFinite(s.loss) && s.loss > 0)).toBe(true);
  });

  it('sweeps the batch size on it with the same live tensors at every point, and stops its backend in a sentence where a batch outgrows the set', async () => {
    const before = tf.memory().numTensors;
    const { lab: job, outcome } = await owner().run({ kind: 'batchSweep', settings: { ...LAB(id), batchFrom: 16, batchTo: 128 } });
    expect(outcome).toEqual({ status: 'done' });
    expect(tf.memory().numTensors).toBe(before);
    expect(trainCount).toBeLessThan(128);
    expect(job.batchPoints.map((p) => p.batchSize)).toEqual([16, 32, 64]);
    expect(new Set(job.batchPoints.map((p) => p.numTensors)).size).toBe(1);
    expect(job.stops).toMatchObject([{ backend: 'cpu', value: 128, kind: 'error' }]);
    expect(english(job.stops[0].reason)).toBe(`CPU (plain JS): stopped at batch 128: Batch size 128 is larger than the ${trainCount} training examples.`);
  });

  it('stops the race with the refusal the Train view gives when this browser does not hold the set', async () => {
    const { lab: job } = await owner().run({ kind: 'race', settings: LAB(MISSING) });
    expect(job.raceRows).toHaveLength(0);
    expect(job.stops).toHaveLength(1);
    expect(english(job.stops[0].reason)).toContain(NOT_HELD);
  });
});

describe('the GAN on a data set of your own', () => {
  const RUN = (dataset: string): GanRunConfig => ({ ...defaultGanConfig(), backend: 'cpu', model: 'mlp', dataset: dataset as OwnDatasetId, batchSize: 8, latentSize: 8, steps: 3, checkpointEvery: 0 });

  it('trains a few steps on it, unjudged, with finite losses and no tensor left behind, and exports the run with the set', async () => {
    const before = tf.memory().numTensors;
    const gan = owner();
    const job = await gan.run({ kind: 'train', config: RUN(id) });
    expect(job.outcome).toEqual({ status: 'done' });
    expect(tf.memory().numTensors).toBe(before);
    expect(loadedTrainImages(job.events)).toEqual([trainCount]);
    const losses = job.events.flatMap((e) => (e.type === 'metrics' ? e.points.flatMap((p) => [p.scalars.dLoss, p.scalars.gLoss]) : []));
    expect(losses.length).toBeGreaterThanOrEqual(6);
    expect(losses.every((l) => Number.isFinite(l))).toBe(true);
    const notes = job.events.flatMap((e) => (e.type === 'quality' ? [english(e.quality.note)] : []));
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(notes)).toEqual(new Set(['No classifier judges a data set of your own: the samples are not scored']));
    const exported = await gan.run({ kind: 'exportModel', checkpoint: null });
    const result = exported.events.flatMap((e) => (e.type === 'model' && e.result.kind === 'export' ? [e.result] : []))[0];
    expect(result.run.models.map((m) => m.role)).toEqual(['generator', 'discriminator']);
    expect(result.run.dataset).toMatchObject({ name: 'Shapes', classNames: ['cross', 'ring', 'square'], trainCount });
  });

  it('trains on one class of a set with more than ten, by its id', async () => {
    const twelve = (await store.put(buildOwnDataset(shapesPool(20, 12), classNames(12), { ...OPTIONS, name: 'Twelve' }))).id;
    const job = await owner().run({ kind: 'train', config: { ...RUN(twelve), digit: '11', steps: 1 } });
    expect(job.outcome).toEqual({ status: 'done' });
    // The class's own images, not the set's: fewer than a batch of 64.
    const tooLarge = await owner().run({ kind: 'train', config: { ...RUN(twelve), digit: '11', batchSize: 64 } });
    expect(tooLarge.outcome?.status === 'error' && english(tooLarge.outcome.message)).toMatch(/^Batch size 64 is larger than the 1\d training images of digit “11”\.$/);
  });

  it('refuses a digit the set has no class for, and a set this browser does not hold, in sentences', async () => {
    const noClass = await owner().run({ kind: 'train', config: { ...RUN(id), digit: '5' } });
    expect(noClass.outcome?.status === 'error' && english(noClass.outcome.message)).toBe('Digit “5” is not a class of this data set, which has 3 (0 to 2): pick All or one of those.');
    const missing = await owner().run({ kind: 'train', config: RUN(MISSING) });
    expect(missing.outcome?.status === 'error' && english(missing.outcome.message)).toBe(NOT_HELD);
  });
});
