/**
 * The unfinished run kept in this browser: one record in IndexedDB per training view (its own database
 * beside the saved models), the GPCK file of its run's latest checkpoint (each epoch end but the last,
 * and "Save checkpoint"), replaced each time and cleared when the run finishes or the user discards
 * it. Read back through the one checkpoint validator: a damaged record, or one of the other view's
 * kind, is reported with a sentence, never thrown and never loaded.
 */
import type { WorkloadId } from '../config/workloads';
import { readCheckpointHeader, type CheckpointHeader } from '../engine/protocol/checkpointFormat';
import { msg, MessageError, type Message } from '../i18n/message';
import { Translator } from '../i18n/translator';
import { requestResult, transact } from './historyStore';
import { openOnce } from './openOnce';

/** Each training view's slot has its database: a GAN run kept never replaces a CNN run kept, and back. */
export const UNFINISHED_DB_NAMES: Record<WorkloadId, string> = { cnn: 'gpu-playground-unfinished-run', gan: 'gpu-playground-unfinished-gan-run' };
const DB_VERSION = 1;
const STORE = 'slot';
/** The one record's key: the slot holds a single run. */
const KEY = 'unfinished';

export interface UnfinishedRun {
  /** ISO 8601, when the page stored it. */
  savedAt: string;
  header: CheckpointHeader;
  bytes: ArrayBuffer;
}

export type UnfinishedRunReading = { status: 'empty' } | { status: 'ready'; run: UnfinishedRun } | { status: 'damaged'; error: Message };

/** Where the one record lives: IndexedDB on the page, a variable in tests. */
export interface SlotStorage {
  /** The stored record as it was read (untrusted), or undefined when there is none. */
  read(): Promise<unknown>;
  write(record: { savedAt: string; bytes: ArrayBuffer }): Promise<void>;
  clear(): Promise<void>;
}

/** The checkpoint in `bytes` when it is a run of `kind`: its header, or why not. */
function readRunFile(bytes: ArrayBuffer, kind: WorkloadId): { ok: true; header: CheckpointHeader } | { ok: false; error: Message } {
  const reading = readCheckpointHeader(bytes);
  if (!reading.ok) return reading;
  if (reading.checkpoint.config.workload !== kind) return { ok: false, error: msg('engine.checkpoint.settingsDiffer', { keys: 'workload' }) };
  return { ok: true, header: reading.checkpoint };
}

/** Reads a stored record of a `kind` run: empty, a usable run, or why not (the validator's sentence). Never throws. */
export function readUnfinishedRun(raw: unknown, kind: WorkloadId = 'cnn'): UnfinishedRunReading {
  if (raw === undefined || raw === null) return { status: 'empty' };
  if (typeof raw !== 'object') return { status: 'damaged', error: msg('check.storage.foreignRecord') };
  const { savedAt, bytes } = raw as Record<string, unknown>;
  if (typeof savedAt !== 'string' || !Number.isFinite(Date.parse(savedAt)) || !(bytes instanceof ArrayBuffer)) {
    return { status: 'damaged', error: msg('check.storage.foreignRecord') };
  }
  const reading = readRunFile(bytes, kind);
  if (!reading.ok) return { status: 'damaged', error: reading.error };
  return { status: 'ready', run: { savedAt, header: reading.header, bytes } };
}

/** "14:02": an ISO time as hours and minutes in the page's time zone. */
export function clockTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** e.g. "Classic CNN on WebGL, epoch 2 of 5, step 1,876 (saved 14:02)"; a GAN: "MLP GAN on WebGL, step 120 of 2,000 (saved 14:02)". */
export function unfinishedRunText({ header, savedAt }: UnfinishedRun, tr = new Translator('en')): string {
  const { config, progress } = header;
  return tr.t('unfinished.describe', {
    kind: config.workload,
    model: tr.t(`model.${config.workload}.${config.model}.label`),
    backend: tr.t(`backend.${config.backend}`),
    epoch: progress.epoch,
    epochs: config.workload === 'cnn' ? config.epochs : 0,
    steps: tr.number(config.workload === 'gan' ? config.steps : 0),
    step: tr.number(progress.step),
    time: clockTime(savedAt),
  });
}

/** The slot: operations run one after another in the order asked, so a clear never overtakes the write before it. */
export class UnfinishedRunSlot {
  private queue: Promise<unknown> = Promise.resolve();

  private readonly database: () => Promise<SlotStorage>;

  constructor(
    open: () => Promise<SlotStorage>,
    /** The runs this slot keeps: the Train view's CNN runs, or the GAN studio's. */
    private readonly kind: WorkloadId = 'cnn',
  ) {
    this.database = openOnce(open);
  }

  /** Replaces the stored run with these checkpoint bytes; refuses (throws) bytes the validator refuses. */
  write(bytes: ArrayBuffer, savedAt = new Date().toISOString()): Promise<UnfinishedRun> {
    return this.enqueue(async (storage) => {
      const reading = readRunFile(bytes, this.kind);
      if (!reading.ok) throw new MessageError(reading.error);
      await storage.write({ savedAt, bytes });
      return { savedAt, header: reading.header, bytes };
    });
  }

  /** What the slot holds; rejects only when the storage itself fails (no IndexedDB, a broken database). */
  read(): Promise<UnfinishedRunReading> {
    return this.enqueue(async (storage) => readUnfinishedRun(await storage.read(), this.kind));
  }

  clear(): Promise<void> {
    return this.enqueue((storage) => storage.clear());
  }

  private enqueue<T>(action: (storage: SlotStorage) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => action(await this.database()));
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** The slot's IndexedDB database. */
export async function openSlotStorage(dbName = UNFINISHED_DB_NAMES.cnn): Promise<SlotStorage> {
  if (typeof indexedDB === 'undefined') throw new MessageError(msg('check.storage.noUnfinished'));
  const open = indexedDB.open(dbName, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  const db = await requestResult(open);
  db.onversionchange = () => db.close();
  return {
    read: () => transact<unknown>(db, 'readonly', (store) => store.get(KEY), STORE),
    write: async (record) => void (await transact(db, 'readwrite', (store) => store.put(record, KEY), STORE)),
    clear: async () => void (await transact(db, 'readwrite', (store) => store.delete(KEY), STORE)),
  };
}
