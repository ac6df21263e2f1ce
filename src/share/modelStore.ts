/**
 * Saved models kept in the browser (IndexedDB, its own database beside the run history): CNN models
 * saved from the Train view and GAN runs saved from the GAN studio. Each entry is the file (GPCK) as
 * it was saved, re-read through the one checkpoint validator whenever it is listed: a damaged entry is
 * listed with the validator's sentence, so it can be deleted, and never loaded.
 */
import { msg, MessageError, type Message } from '../i18n/message';
import type { CheckpointHeader } from '../engine/protocol/checkpointFormat';
import { newId, requestResult, transact } from './historyStore';
import { readSavedFile } from './savedModels';

export const MODELS_DB_NAME = 'gpu-playground-models';
const DB_VERSION = 1;
const STORE = 'models';

export interface SavedModelEntry {
  id: string;
  /** ISO 8601, when it was saved. */
  createdAt: string;
  /** The createdAt of the run it came from (its History entry), when it came from a run here. */
  runCreatedAt: string | null;
  /** A CNN model's or a GAN run's (its config's workload says which). */
  header: CheckpointHeader;
  bytes: ArrayBuffer;
}

/** A stored entry the validator refuses: why, and its id so it can be deleted. */
export interface DamagedModelEntry {
  id: string;
  /** ISO 8601 when the record still says when it was saved, else null. */
  createdAt: string | null;
  error: Message;
}

export type StoredModelEntry = SavedModelEntry | DamagedModelEntry;

export function isReadableModel(entry: StoredModelEntry): entry is SavedModelEntry {
  return 'header' in entry;
}

export interface ModelStore {
  add(entry: { bytes: ArrayBuffer; runCreatedAt: string | null }): Promise<SavedModelEntry>;
  /** Every entry with an id, readable or not, newest first. */
  list(): Promise<StoredModelEntry[]>;
  remove(id: string): Promise<void>;
}

/** A stored record (untrusted) as an entry; null for one without an id, which nothing could delete or name. */
export function readModelEntry(raw: unknown): StoredModelEntry | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, createdAt, runCreatedAt, bytes } = raw as Record<string, unknown>;
  if (typeof id !== 'string') return null;
  const when = typeof createdAt === 'string' && Number.isFinite(Date.parse(createdAt)) ? createdAt : null;
  if (when === null || !(runCreatedAt === null || typeof runCreatedAt === 'string') || !(bytes instanceof ArrayBuffer)) {
    return { id, createdAt: when, error: msg('check.storage.foreignModel') };
  }
  const reading = readSavedFile(bytes);
  return reading.ok ? { id, createdAt: when, runCreatedAt, header: reading.header, bytes } : { id, createdAt: when, error: reading.error };
}

/** Newest first; an entry that does not say when it was saved last. */
export function newestFirst(a: StoredModelEntry, b: StoredModelEntry): number {
  return (b.createdAt ?? '').localeCompare(a.createdAt ?? '');
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
      const reading = readSavedFile(bytes);
      if (!reading.ok) throw new MessageError(reading.error);
      const stored = { id: newId(), createdAt: new Date().toISOString(), runCreatedAt, bytes };
      await transact(db, 'readwrite', (store) => store.put(stored), STORE);
      return { ...stored, header: reading.header };
    },
    async list() {
      const all = await transact(db, 'readonly', (store) => store.getAll(), STORE);
      return all
        .map(readModelEntry)
        .filter((e): e is StoredModelEntry => e !== null)
        .sort(newestFirst);
    },
    async remove(id) {
      await transact(db, 'readwrite', (store) => store.delete(id), STORE);
    },
  };
}
