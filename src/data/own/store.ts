/**
 * Own data sets kept in this browser, by content hash: each record is the data set file (.gpds) as
 * written and a summary the list shows without reading images. Every record is untrusted when read
 * back: `get` re-reads the file through the one validator and checks its hash; `list` keeps only
 * well-formed summaries (a damaged record is listed by id with the reason, so it can be deleted).
 */
import { isOwnDatasetId, ownDatasetId, type OwnDatasetId, type OwnDatasetSummary } from '../../config/datasets';
import { msg, MessageError, type Message } from '../../i18n/message';
import { decodeOwnDataset, encodeOwnDataset } from './fileFormat';
import { ownDatasetHash } from './hash';
import type { RecordStore } from './records';
import type { OwnDataset } from './types';

type StoredRecord = {
  id: OwnDatasetId;
  summary: OwnDatasetSummary;
  file: ArrayBuffer;
};

/** A record that cannot be read: its id, so it can be deleted, and why. */
export interface DamagedOwnDataset {
  readonly id: string;
  readonly error: Message;
}

export interface OwnDataListing {
  readonly datasets: readonly OwnDatasetSummary[];
  readonly damaged: readonly DamagedOwnDataset[];
}

export interface OwnDataStore {
  /** Every data set kept here, newest first, and any record that cannot be read. */
  list(): Promise<OwnDataListing>;
  /** The data set by id, read back through the file validator; refuses with a sentence when it is missing or damaged. */
  get(id: string): Promise<{ summary: OwnDatasetSummary; dataset: OwnDataset }>;
  /** The data set file as kept (for Download); refuses like get. */
  file(id: string): Promise<{ summary: OwnDatasetSummary; file: ArrayBuffer }>;
  /** Keeps a data set (the same content twice is one record, the later name winning). */
  put(dataset: OwnDataset): Promise<OwnDatasetSummary>;
  remove(id: string): Promise<void>;
}

export function summaryOf(dataset: OwnDataset, hash: string, fileBytes: number): OwnDatasetSummary {
  return {
    id: ownDatasetId(hash),
    hash,
    name: dataset.name,
    classNames: [...dataset.classNames],
    format: { size: dataset.format.size, channels: dataset.format.channels },
    trainCount: dataset.train.count,
    testCount: dataset.test.count,
    createdAt: dataset.createdAt,
    fileBytes,
  };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A stored summary (untrusted) checked field by field; null when any field is off. */
function readSummary(raw: unknown, id: string): OwnDatasetSummary | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const s = raw as Record<string, unknown>;
  const format = s.format as Record<string, unknown> | null | undefined;
  const ok =
    s.id === id &&
    typeof s.hash === 'string' &&
    /^[0-9a-f]{64}$/.test(s.hash) &&
    ownDatasetId(s.hash) === id &&
    typeof s.name === 'string' &&
    Array.isArray(s.classNames) &&
    s.classNames.every((n) => typeof n === 'string') &&
    typeof format === 'object' &&
    format !== null &&
    isCount(format.size) &&
    isCount(format.channels) &&
    isCount(s.trainCount) &&
    isCount(s.testCount) &&
    typeof s.createdAt === 'string' &&
    isCount(s.fileBytes);
  return ok ? (raw as OwnDatasetSummary) : null;
}

function readRecord(raw: unknown): { id: string; record: StoredRecord | null } | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, summary, file } = raw as Record<string, unknown>;
  if (typeof id !== 'string') return null;
  const read = isOwnDatasetId(id) ? readSummary(summary, id) : null;
  return { id, record: read && file instanceof ArrayBuffer ? { id: read.id, summary: read, file } : null };
}

export function ownDataStore(records: RecordStore): OwnDataStore {
  const fileOf = async (id: string): Promise<StoredRecord> => {
    const read = readRecord(await records.get(id));
    if (!read) throw new MessageError(msg('ownData.notHeld', { id }));
    if (!read.record) throw new MessageError(msg('ownData.damaged', { id, reason: msg('ownData.damagedRecord') }));
    return read.record;
  };
  return {
    async list() {
      const datasets: OwnDatasetSummary[] = [];
      const damaged: DamagedOwnDataset[] = [];
      for (const raw of await records.getAll()) {
        const read = readRecord(raw);
        if (!read) continue;
        if (read.record) datasets.push(read.record.summary);
        else damaged.push({ id: read.id, error: msg('ownData.damaged', { id: read.id, reason: msg('ownData.damagedRecord') }) });
      }
      datasets.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
      return { datasets, damaged };
    },
    async get(id) {
      const { summary, file } = await fileOf(id);
      const reading = decodeOwnDataset(file);
      if (!reading.ok) throw new MessageError(msg('ownData.damaged', { id, reason: reading.error }));
      if ((await ownDatasetHash(reading.dataset)) !== summary.hash) throw new MessageError(msg('ownData.damaged', { id, reason: msg('ownData.hashDiffers') }));
      return { summary, dataset: reading.dataset };
    },
    async file(id) {
      const { summary, file } = await fileOf(id);
      return { summary, file };
    },
    async put(dataset) {
      const bytes = encodeOwnDataset(dataset);
      const summary = summaryOf(dataset, await ownDatasetHash(dataset), bytes.length);
      const record: StoredRecord = { id: summary.id, summary, file: bytes.buffer };
      await records.put(record);
      return summary;
    },
    remove: (id) => records.delete(id),
  };
}
