import { describe, expect, it } from 'vitest';
import { ownDatasetId } from '../../config/datasets';
import { englishError, englishRejection } from '../../i18n/testing/english';
import { buildOwnDataset } from './document';
import { ownDatasetHash } from './hash';
import { memoryRecords } from './records';
import { ownDataStore } from './store';
import { OPTIONS, classNames, shapesPool } from './testing/fixtures';
import { loadOwnDataset, trainableDataset } from './trainable';

const shapes = () => buildOwnDataset(shapesPool(6), classNames(3), OPTIONS);

describe('own data sets kept by content hash', () => {
  it('puts, lists, gets back the same images, and deletes', async () => {
    const store = ownDataStore(memoryRecords());
    const dataset = shapes();
    const summary = await store.put(dataset);
    const hash = await ownDatasetHash(dataset);
    expect(summary).toMatchObject({ id: ownDatasetId(hash), hash, name: 'Shapes', classNames: ['cross', 'ring', 'square'], format: { size: 28, channels: 1 } });
    expect(summary.trainCount + summary.testCount).toBe(18);
    expect((await store.list()).datasets).toEqual([summary]);
    const back = await store.get(summary.id);
    expect(Buffer.compare(Buffer.from(back.dataset.train.images), Buffer.from(dataset.train.images))).toBe(0);
    expect(Buffer.compare(Buffer.from(back.dataset.test.labels), Buffer.from(dataset.test.labels))).toBe(0);
    expect((await store.file(summary.id)).file.byteLength).toBe(summary.fileBytes);
    await store.remove(summary.id);
    expect((await store.list()).datasets).toEqual([]);
  });

  it('keeps the same content once, under its latest name', async () => {
    const store = ownDataStore(memoryRecords());
    await store.put(shapes());
    await store.put({ ...shapes(), name: 'Renamed' });
    const { datasets } = await store.list();
    expect(datasets.map((d) => d.name)).toEqual(['Renamed']);
  });

  it('refuses an id it does not hold with a sentence, and lists a damaged record so it can be deleted', async () => {
    const records = memoryRecords();
    const store = ownDataStore(records);
    expect(await englishRejection(store.get('own:0123456789abcdef'))).toBe(
      'This browser does not hold the data set own:0123456789abcdef: load its data set file (.gpds) under “Your data”, or pick another data set.',
    );
    await records.put({ id: 'own:00000000000000ff', summary: { name: 'x' }, file: new ArrayBuffer(4) });
    const listing = await store.list();
    expect(listing.datasets).toEqual([]);
    expect(listing.damaged.map((d) => d.id)).toEqual(['own:00000000000000ff']);
    expect(await englishRejection(store.get('own:00000000000000ff'))).toMatch(/cannot be read: its record is damaged/);
  });

  it('refuses a record whose file was changed under its hash', async () => {
    const records = memoryRecords();
    const store = ownDataStore(records);
    const summary = await store.put(shapes());
    const other = await store.put({ ...shapes(), seed: 99 });
    const { file } = (await records.get(other.id)) as { file: ArrayBuffer };
    await records.put({ id: summary.id, summary, file });
    expect(await englishRejection(store.get(summary.id))).toMatch(/no longer match its content hash/);
  });
});

describe('an own data set for training', () => {
  it('is an ImageDataset with the set’s class count', async () => {
    const store = ownDataStore(memoryRecords());
    const summary = await store.put(shapes());
    const data = await loadOwnDataset(summary.id, store);
    expect(data.id).toBe(summary.id);
    expect(data.classCount).toBe(3);
    expect(data.shape).toEqual({ side: 28, channels: 1 });
    expect(data.train.count).toBe(summary.trainCount);
    expect(data.train.images.length).toBe(summary.trainCount * 784);
  });

  it('refuses a format other than 28 x 28 grayscale or 32 x 32 colour with a clear sentence', () => {
    const colour = { ...shapes(), format: { size: 32, channels: 4 } };
    let thrown: unknown;
    try {
      trainableDataset('own:0123456789abcdef', colour);
    } catch (err) {
      thrown = err;
    }
    expect(englishError(thrown)).toBe('The data set Shapes holds 32 x 32 images with 4 channels; this version trains on 28 x 28 grayscale or 32 x 32 colour.');
  });
});
