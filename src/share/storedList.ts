/**
 * A list kept in an IndexedDB store, as the page sees it: the store opened on first use, its
 * entries, and the last storage error (a full disk included), which the page shows instead of
 * losing it. The run history and the saved models are each one of these.
 */
import { messageOf, type Message } from '../i18n/message';
import { openOnce } from './openOnce';

export interface StoredListSnapshot<Entry> {
  entries: Entry[];
  loaded: boolean;
  /** The last storage failure; null once an operation succeeds again. */
  error: Message | null;
}

/** What the list needs of its store. */
export interface ListStore<Entry> {
  list(): Promise<Entry[]>;
  remove(id: string): Promise<void>;
}

export class StoredList<Entry, Store extends ListStore<Entry>> {
  private snapshot: StoredListSnapshot<Entry> = { entries: [], loaded: false, error: null };
  private readonly listeners = new Set<() => void>();

  private readonly database: () => Promise<Store>;

  constructor(open: () => Promise<Store>) {
    this.database = openOnce(open);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): StoredListSnapshot<Entry> => this.snapshot;

  /** Reads the entries again; resolves with the error message when the store could not be read. */
  refresh(): Promise<Message | null> {
    return this.run(async (store) => this.update({ entries: await store.list(), loaded: true, error: null }));
  }

  remove(id: string): Promise<Message | null> {
    return this.change((store) => store.remove(id));
  }

  /** Changes the store, then lists it again; resolves with the error message when that failed. */
  protected change(action: (store: Store) => Promise<unknown>): Promise<Message | null> {
    return this.run(async (store) => {
      await action(store);
      this.update({ entries: await store.list(), loaded: true, error: null });
    });
  }

  private async run(action: (store: Store) => Promise<void>): Promise<Message | null> {
    try {
      await action(await this.database());
      return null;
    } catch (error) {
      const message = messageOf(error);
      this.update({ loaded: true, error: message });
      return message;
    }
  }


  private update(patch: Partial<StoredListSnapshot<Entry>>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
