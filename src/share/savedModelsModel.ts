/** The saved models as the page sees them: the store opened on first use, its entries, the last storage error. */
import { openModelStore, type ModelStore, type SavedModelEntry } from './modelStore';

export interface SavedModelsSnapshot {
  entries: SavedModelEntry[];
  loaded: boolean;
  error: string | null;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class SavedModelsModel {
  private snapshot: SavedModelsSnapshot = { entries: [], loaded: false, error: null };
  private readonly listeners = new Set<() => void>();
  private db: Promise<ModelStore> | null = null;

  constructor(private readonly open: () => Promise<ModelStore> = () => openModelStore()) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SavedModelsSnapshot => this.snapshot;

  refresh(): Promise<string | null> {
    return this.run(async (store) => this.update({ entries: await store.list(), loaded: true, error: null }));
  }

  /** Stores a model file; resolves with the error message when it could not be stored. */
  add(bytes: ArrayBuffer, runCreatedAt: string | null): Promise<string | null> {
    return this.run(async (store) => {
      await store.add({ bytes, runCreatedAt });
      this.update({ entries: await store.list(), loaded: true, error: null });
    });
  }

  remove(id: string): Promise<string | null> {
    return this.run(async (store) => {
      await store.remove(id);
      this.update({ entries: await store.list(), loaded: true, error: null });
    });
  }

  private async run(action: (store: ModelStore) => Promise<void>): Promise<string | null> {
    try {
      await action(await this.database());
      return null;
    } catch (error) {
      const message = messageOf(error);
      this.update({ loaded: true, error: message });
      return message;
    }
  }

  private database(): Promise<ModelStore> {
    if (!this.db) {
      const opening = this.open();
      opening.catch(() => {
        if (this.db === opening) this.db = null;
      });
      this.db = opening;
    }
    return this.db;
  }

  private update(patch: Partial<SavedModelsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The page's one list of saved models. */
export const savedModels = new SavedModelsModel();
