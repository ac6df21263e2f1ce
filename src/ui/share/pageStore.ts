/** The page's one settings store, bound to the address bar, and the hooks views read it through. */
import { useSyncExternalStore } from 'react';
import type { FormId, ViewId } from '../../config/views';
import { SettingsStore, type HistoryMode, type SettingsSnapshot, type UrlHost } from '../../share/settingsStore';

/** The address bar; outside a browser (unit tests importing a store) an empty, still one. */
function browserHost(): UrlHost {
  if (typeof window === 'undefined') return { readHash: () => '', writeHash: () => undefined, onNavigate: () => undefined, now: () => 0 };
  return {
    readHash: () => window.location.hash,
    writeHash: (hash, mode) => {
      const url = `${window.location.pathname}${window.location.search}${hash}`;
      if (mode === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    },
    onNavigate: (listener) => {
      // Back / forward fire popstate; an edited address bar fires hashchange (often both: readUrl ignores repeats).
      window.addEventListener('popstate', listener);
      window.addEventListener('hashchange', listener);
    },
    now: () => performance.now(),
  };
}

/** The page's one settings store, bound to the address bar. */
export const settingsStore = new SettingsStore(browserHost());

export function usePageSettings(): SettingsSnapshot {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.getSnapshot);
}

/** Opens a view (one history entry), its form as it was. */
export function openView(view: ViewId): void {
  settingsStore.update((s) => (s.view === view ? s : { ...s, view }), 'push');
}

/** Sets one field of a form; the other fields and views keep theirs. */
export function setFormValue(form: FormId, key: string, value: string, mode: HistoryMode = 'coalesce'): void {
  settingsStore.update((s) => (s[form][key] === value ? s : { ...s, [form]: { ...s[form], [key]: value } }), mode);
}
