/** The run history as the page sees it (a StoredList), and the entry a result becomes. */
import { openHistory, type HistoryEntry, type HistoryStore } from './historyStore';
import { StoredList, type StoredListSnapshot } from './storedList';
import type { SharedResult } from './resultDoc';
import { describeWorkload, deviceLine, headline } from './resultSummary';

export type HistorySnapshot = StoredListSnapshot<HistoryEntry>;

export type NewEntry = Omit<HistoryEntry, 'id'> & { id?: string };

/** A history entry for a result: run here, or received through a link (kept under a stable id, so it is stored once). */
export function entryFor(result: SharedResult, receivedId?: string): NewEntry {
  return {
    ...(receivedId ? { id: receivedId } : {}),
    createdAt: result.createdAt || new Date().toISOString(),
    device: deviceLine(result.device),
    workload: `${describeWorkload(result)}${receivedId ? ' (received link)' : ''}`,
    headline: headline(result),
    result,
  };
}

export class HistoryModel extends StoredList<HistoryEntry, HistoryStore> {
  constructor(open: () => Promise<HistoryStore> = () => openHistory()) {
    super(open);
  }

  /** Stores an entry; resolves with the error message when it could not be stored. */
  add(entry: NewEntry): Promise<string | null> {
    return this.change((store) => store.add(entry));
  }
}

/** The page's one history. */
export const historyModel = new HistoryModel();
