/** The own data sets' IndexedDB database: one object store of records keyed by `id`. Thin on purpose; the logic is store.ts. */
import { msg, MessageError } from '../../i18n/message';
import type { RecordStore } from './records';

export const OWN_DATA_DB_NAME = 'gpu-playground-own-data';
const DB_VERSION = 1;
const STORE = 'datasets';

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function run<T>(db: IDBDatabase, storeName: string, mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const tx = db.transaction(storeName, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  const value = await result(act(tx.objectStore(storeName)));
  await done;
  return value;
}

/** Opens (and on first use creates) the database; a browser without IndexedDB gets a sentence saying so. Other stores of records (the engine's tuning) name their own database and object store. */
export async function openIdbRecords(factory: IDBFactory | undefined = globalThis.indexedDB, name = OWN_DATA_DB_NAME, storeName = STORE): Promise<RecordStore> {
  if (!factory) throw new MessageError(msg('ownData.noStorage'));
  const open = factory.open(name, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(storeName)) open.result.createObjectStore(storeName, { keyPath: 'id' });
  };
  const db = await result(open);
  db.onversionchange = () => db.close();
  return {
    getAll: () => run(db, storeName, 'readonly', (s) => s.getAll()),
    get: (key) => run(db, storeName, 'readonly', (s) => s.get(key)),
    put: async (record) => void (await run(db, storeName, 'readwrite', (s) => s.put(record))),
    delete: async (key) => void (await run(db, storeName, 'readwrite', (s) => s.delete(key))),
  };
}
