import { useCallback, useEffect } from 'react';
import { backendToUse, isBackendName, type BackendAvailability, type BackendName } from '../../config/backends';
import { carriedByLink } from '../../share/settingsStore';
import { setFormValue, usePageSettings } from '../share/pageStore';
import { markChosen, wasChosen } from './backendChoices';

/**
 * A training form's backend (held in the URL), moved to the best one here once detection answers:
 * when the chosen one is missing, or when it is a software GPU that nobody chose (the default, not a
 * click, the link or "Run on this device"). `choose` is the picker's. `ok` when it can run here.
 */
export function useBackendChoice(form: 'cnn' | 'gan', backends: BackendAvailability[] | null) {
  const snapshot = usePageSettings();
  const value = snapshot.settings[form].backend;
  const backend: BackendName = isBackendName(value) ? value : 'cpu';
  const linked = carriedByLink(snapshot, form, 'backend');
  useEffect(() => {
    const next = backendToUse(backend, linked || wasChosen(form, backend), backends);
    if (next !== backend) setFormValue(form, 'backend', next, 'replace');
  }, [form, backends, backend, linked]);
  const choose = useCallback(
    (name: BackendName) => {
      markChosen(form, name);
      setFormValue(form, 'backend', name, 'push');
    },
    [form],
  );
  const ok = backends?.some((b) => b.name === backend && b.available) ?? false;
  return { backend, ok, choose };
}
