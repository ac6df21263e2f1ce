/**
 * Finished runs kept in the browser (IndexedDB). Entries are re-read through the shared result
 * validator, so an entry from an older version is migrated and a damaged one is skipped.
 * Storage errors are rethrown with a plain message; a full disk says so.
 */
import { msg, MessageError } from '../i18n/message';
import { validateSharedResult, type SharedResult } from './resultDoc';

export const HISTORY_DB_NAME = 'gpu-playground-history';
const DB_VERSION = 1;
const STORE = 'runs';

export interface HistoryEntry {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  /** One line, e.g. 'Apple M2 · WebGPU'. */
  device: string;
  workload: string;
  /** The figure the list shows, e.g. '1,234 examples/s on webgpu'. */
  headline: string;
  result: SharedResult;
}

export interface HistoryStore {
  /** Stores an entry (a new id when it has none) and returns it as stored. */
  add(entry: Omit<HistoryEntry, 'id'> & { id?: string }): Promise<HistoryEntry>;
  /** All readable entries, newest first. */
  list(): Promise<HistoryEntry[]>;
  get(id: string): Promise<HistoryEntry | null>;
  remove(id: string): Promise<void>;
  close(): void;
}

/** Storage errors with a message for the page; a full store says so instead of failing silently. */
export function storageError(error: unknown): Error {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  const detail = (error instanceof Error || error instanceof DOMException ? error.message : String(error)).replace(/\.$/, '');
  if (name === 'QuotaExceededError') return new MessageError(msg('check.storage.full', { detail }), { cause: error });
  return new MessageError(msg('check.storage.failed', { detail: detail || name || msg('error.unknown') }), { cause: error });
}

export function newId(): string {
  // randomUUID exists only in secure contexts (https, localhost).
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(storageError(request.error));
  });
}

/** Runs one transaction; resolves with the request's result once the transaction has committed. */
export function transact<T>(db: IDBDatabase, mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>, storeName = STORE): Promise<T> {
  return new Promise((resolve, reject) => {
    let tx: IDBTransaction;
    let request: IDBRequest<T>;
    try {
      tx = db.transaction(storeName, mode);
      request = run(tx.objectStore(storeName));
    } catch (error) {
      // e.g. a DataCloneError from put, thrown before any request exists.
      reject(storageError(error));
      return;
    }
    tx.oncomplete = () => resolve(request.result);
    // A quota failure surfaces as an aborted transaction with a QuotaExceededError.
    tx.onabort = () => reject(storageError(tx.error ?? request.error));
    tx.onerror = (event) => event.preventDefault();
  });
}

function readEntry(raw: unknown): HistoryEntry | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, createdAt, device, workload, headline, result } = raw as Record<string, unknown>;
  const texts = [id, createdAt, device, workload, headline];
  if (!texts.every((t) => typeof t === 'string')) return null;
  const checked = validateSharedResult(result).result;
  if (checked === null) return null;
  return { id, createdAt, device, workload, headline, result: checked } as HistoryEntry;
}

export async function openHistory(dbName = HISTORY_DB_NAME): Promise<HistoryStore> {
  if (typeof indexedDB === 'undefined') throw new MessageError(msg('check.storage.noHistory'));
  const open = indexedDB.open(dbName, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  const db = await requestResult(open);
  db.onversionchange = () => db.close();

  return {
    async add(entry) {
      const stored: HistoryEntry = { ...entry, id: entry.id ?? newId() };
      await transact(db, 'readwrite', (store) => store.put(stored));
      return stored;
    },
    async list() {
      const all = await transact(db, 'readonly', (store) => store.getAll());
      const entries = all.map(readEntry).filter((e): e is HistoryEntry => e !== null);
      return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async get(id) {
      return readEntry(await transact(db, 'readonly', (store) => store.get(id)));
    },
    async remove(id) {
      await transact(db, 'readwrite', (store) => store.delete(id));
    },
    close: () => db.close(),
  };
}
