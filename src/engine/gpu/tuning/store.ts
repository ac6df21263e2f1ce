/**
 * What the tuner remembers per adapter: the kernel chosen for each product it timed, or that the adapter is
 * too slow to time candidates on (then the form measured best on such adapters runs). Kept in the browser's
 * IndexedDB (the device worker's), in memory in Node.
 */
import { openIdbRecords } from '../../../data/own/idbRecords';
import { memoryRecords, type RecordStore } from '../../../data/own/records';

export const TUNING_DB_NAME = 'gpu-playground-engine-tuning';

export interface TuningRecord {
  /** The adapter key (signature.ts). */
  id: string;
  /** Product signature → candidate id. */
  choices: Record<string, string>;
  /** The adapter took too long to time the candidates within the budget. */
  slow: boolean;
  /** When it was last tuned (ms since the epoch). */
  at: number;
}

export interface TuningStore {
  get(adapter: string): Promise<TuningRecord | null>;
  put(record: TuningRecord): Promise<void>;
}

function isRecord(value: unknown): value is TuningRecord {
  const r = value as Partial<TuningRecord> | null;
  return !!r && typeof r.id === 'string' && typeof r.slow === 'boolean' && typeof r.at === 'number' && !!r.choices && typeof r.choices === 'object';
}

export function tuningStoreOver(records: RecordStore): TuningStore {
  return {
    async get(adapter) {
      const value = await records.get(adapter);
      return isRecord(value) ? value : null;
    },
    put: (record) => records.put({ ...record }),
  };
}

/** Choices for this process only (Node, tests). */
export function memoryTuningStore(): TuningStore {
  return tuningStoreOver(memoryRecords());
}

/** Choices kept in this browser; where IndexedDB is missing or refuses, for this worker's life only. */
export async function browserTuningStore(): Promise<TuningStore> {
  try {
    return tuningStoreOver(await openIdbRecords(globalThis.indexedDB, TUNING_DB_NAME, 'adapters'));
  } catch {
    return memoryTuningStore();
  }
}

let shared: Promise<TuningStore> | null = null;

/** The store every run of this worker (or process) shares: the browser's where there is IndexedDB. */
export function sharedTuningStore(): Promise<TuningStore> {
  shared ??= globalThis.indexedDB ? browserTuningStore() : Promise.resolve(memoryTuningStore());
  return shared;
}
