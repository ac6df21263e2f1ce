/**
 * Where own data sets are kept, as plain records by key: IndexedDB in the page and its workers
 * (idbRecords.ts, thin), a Map in tests. The store's logic (store.ts) sees only this.
 */
export interface RecordStore {
  getAll(): Promise<unknown[]>;
  get(key: string): Promise<unknown>;
  put(record: { readonly id: string; readonly [field: string]: unknown }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Records in memory, structured-cloned in and out as IndexedDB does (tests, and a browser without IndexedDB). */
export function memoryRecords(): RecordStore {
  const records = new Map<string, unknown>();
  return {
    getAll: async () => [...records.values()].map((r) => structuredClone(r)),
    get: async (key) => structuredClone(records.get(key)),
    put: async (record) => void records.set(record.id, structuredClone(record)),
    delete: async (key) => void records.delete(key),
  };
}
