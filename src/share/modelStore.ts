/**
 * Saved models kept in the browser (IndexedDB, its own database beside the run history). Each entry
 * is the model's GPCK file as it was saved, re-read through the one checkpoint validator whenever
 * it is listed: a damaged entry is skipped, never loaded.
 */
import { msg, MessageError } from '../i18n/message';
import { newId, requestResult, transact } from './historyStore';
import { readModelFile, type SavedModelHeader } from './savedModels';

export const MODELS_DB_NAME = 'gpu-playground-models';
const DB_VERSION = 1;
const STORE = 'models';

export interface SavedModelEntry {
  id: string;
  /** ISO 8601, when it was saved. */
  createdAt: string;
  /** The createdAt of the run it came from (its History entry), when it came from a run here. */
  runCreatedAt: string | null;
  header: SavedModelHeader;
  bytes: ArrayBuffer;
}

export interface ModelStore {
  add(entry: { bytes: ArrayBuffer; runCreatedAt: string | null }): Promise<SavedModelEntry>;
  /** Every readable entry, newest first. */
  list(): Promise<SavedModelEntry[]>;
  remove(id: string): Promise<void>;
}

function readEntry(raw: unknown): SavedModelEntry | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, createdAt, runCreatedAt, bytes } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || typeof createdAt !== 'string' || !(runCreatedAt === null || typeof runCreatedAt === 'string') || !(bytes instanceof ArrayBuffer)) return null;
  const reading = readModelFile(bytes);
  return reading.ok ? { id, createdAt, runCreatedAt, header: reading.header, bytes } : null;
}

export async function openModelStore(dbName = MODELS_DB_NAME): Promise<ModelStore> {
  if (typeof indexedDB === 'undefined') throw new MessageError(msg('check.storage.noModels'));
  const open = indexedDB.open(dbName, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  const db = await requestResult(open);
  db.onversionchange = () => db.close();
  return {
    async add({ bytes, runCreatedAt }) {
      const reading = readModelFile(bytes);
      if (!reading.ok) throw new MessageError(reading.error);
      const stored = { id: newId(), createdAt: new Date().toISOString(), runCreatedAt, bytes };
      await transact(db, 'readwrite', (store) => store.put(stored), STORE);
      return { ...stored, header: reading.header };
    },
    async list() {
      const all = await transact(db, 'readonly', (store) => store.getAll(), STORE);
      return all
        .map(readEntry)
        .filter((e): e is SavedModelEntry => e !== null)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    async remove(id) {
      await transact(db, 'readwrite', (store) => store.delete(id), STORE);
    },
  };
}
