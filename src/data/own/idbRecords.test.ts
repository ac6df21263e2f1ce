import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { englishRejection } from '../../i18n/testing/english';
import { buildOwnDataset } from './document';
import { openIdbRecords } from './idbRecords';
import { ownDataStore } from './store';
import { OPTIONS, classNames, shapesPool } from './testing/fixtures';

describe('own data sets in IndexedDB (fake-indexeddb in Node)', () => {
  it('keeps a data set across two openings of the database, and deletes it', async () => {
    const factory = new IDBFactory();
    const first = ownDataStore(await openIdbRecords(factory, 'test-own-data'));
    const summary = await first.put(buildOwnDataset(shapesPool(6), classNames(3), OPTIONS));
    const second = ownDataStore(await openIdbRecords(factory, 'test-own-data'));
    expect((await second.list()).datasets).toEqual([summary]);
    expect((await second.get(summary.id)).dataset.classNames).toEqual(['cross', 'ring', 'square']);
    await second.remove(summary.id);
    expect((await first.list()).datasets).toEqual([]);
  });

  it('says plainly when the platform has no IndexedDB', async () => {
    expect(await englishRejection(openIdbRecords(undefined))).toBe('This browser has no IndexedDB, so data sets of your own cannot be kept here.');
  });
});
