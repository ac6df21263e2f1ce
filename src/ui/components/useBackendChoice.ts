import { useCallback, useEffect, useRef } from 'react';
import { backendToUse, isBackendName, type BackendAvailability, type BackendName } from '../../config/backends';
import { carriedByLink } from '../../share/settingsStore';
import { setFormValue, usePageSettings } from '../share/pageStore';

/**
 * A training form's backend (held in the URL), moved to the best one here once detection answers:
 * when the chosen one is missing, or when it is a software GPU that nobody chose (the default, not
 * a click or the link). `choose` is the picker's: a click is a choice, kept even on a software GPU.
 * `ok` when the backend can run here.
 */
export function useBackendChoice(form: 'cnn' | 'gan', backends: BackendAvailability[] | null) {
  const snapshot = usePageSettings();
  const value = snapshot.settings[form].backend;
  const backend: BackendName = isBackendName(value) ? value : 'cpu';
  const linked = carriedByLink(snapshot, form, 'backend');
  // What the user clicked last in this view: a click on a software GPU is a choice, not a default.
  const picked = useRef<BackendName | null>(null);
  useEffect(() => {
    const next = backendToUse(backend, linked || picked.current === backend, backends);
    if (next !== backend) setFormValue(form, 'backend', next, 'replace');
  }, [form, backends, backend, linked]);
  const choose = useCallback(
    (name: BackendName) => {
      picked.current = name;
      setFormValue(form, 'backend', name, 'push');
    },
    [form],
  );
  const ok = backends?.some((b) => b.name === backend && b.available) ?? false;
  return { backend, ok, choose };
}
