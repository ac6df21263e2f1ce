/**
 * The run history as the page sees it: the IndexedDB store opened on first use, its entries, and
 * the last storage error (a full disk included), which the page shows instead of losing it.
 */
import { openHistory, type HistoryEntry, type HistoryStore } from './historyStore';
import type { SharedResult } from './resultDoc';
import { describeWorkload, deviceLine, headline } from './resultSummary';

export interface HistorySnapshot {
  entries: HistoryEntry[];
  loaded: boolean;
  /** The last storage failure, in plain words; null once an operation succeeds again. */
  error: string | null;
}

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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class HistoryModel {
  private snapshot: HistorySnapshot = { entries: [], loaded: false, error: null };
  private readonly listeners = new Set<() => void>();
  private db: Promise<HistoryStore> | null = null;

  constructor(private readonly open: () => Promise<HistoryStore> = () => openHistory()) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): HistorySnapshot => this.snapshot;

  async refresh(): Promise<void> {
    await this.run(async (store) => this.update({ entries: await store.list(), loaded: true, error: null }));
  }

  /** Stores an entry; resolves with the error message when it could not be stored. */
  async add(entry: NewEntry): Promise<string | null> {
    return this.run(async (store) => {
      await store.add(entry);
      this.update({ entries: await store.list(), loaded: true, error: null });
    });
  }

  async remove(id: string): Promise<string | null> {
    return this.run(async (store) => {
      await store.remove(id);
      this.update({ entries: await store.list(), loaded: true, error: null });
    });
  }

  private async run(action: (store: HistoryStore) => Promise<void>): Promise<string | null> {
    try {
      await action(await this.database());
      return null;
    } catch (error) {
      const message = messageOf(error);
      this.update({ loaded: true, error: message });
      return message;
    }
  }

  private database(): Promise<HistoryStore> {
    if (!this.db) {
      const opening = this.open();
      // A failed open is tried again next time (e.g. after the user freed some storage).
      opening.catch(() => {
        if (this.db === opening) this.db = null;
      });
      this.db = opening;
    }
    return this.db;
  }

  private update(patch: Partial<HistorySnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The page's one history. */
export const historyModel = new HistoryModel();
