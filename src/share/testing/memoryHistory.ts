import { msg, MessageError } from '../../i18n/message';
import type { HistoryEntry, HistoryStore } from '../historyStore';

/** An in-memory history store for tests, that can be told to fail like a full disk. */
export function memoryHistory(): HistoryStore & { full: boolean } {
  const entries = new Map<string, HistoryEntry>();
  let next = 1;
  return {
    full: false,
    async add(entry) {
      if (this.full) throw new MessageError(msg('check.storage.full', { detail: 'quota exceeded' }));
      const stored = { ...entry, id: entry.id ?? `id-${next++}` };
      entries.set(stored.id, stored);
      return stored;
    },
    list: async () => [...entries.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    get: async (id) => entries.get(id) ?? null,
    remove: async (id) => void entries.delete(id),
    close: () => undefined,
  };
}
