import { useEffect } from 'react';
import { isBackendName, STAND_IN_ORDER, type BackendAvailability, type BackendName } from '../../config/backends';


/**
 * The chosen backend (held by the caller, e.g. in the URL), moved to an available one once
 * detection says the chosen one is missing; `ok` when the chosen one can run here.
 */
export function useBackendChoice(backends: BackendAvailability[] | null, value: string, onChange: (name: BackendName) => void) {
  const backend: BackendName = isBackendName(value) ? value : 'cpu';
  useEffect(() => {
    const available = backends?.filter((b) => b.available).map((b) => b.name) ?? [];
    if (available.length && !available.includes(backend)) onChange(STAND_IN_ORDER.find((b) => available.includes(b)) ?? 'cpu');
  }, [backends, backend, onChange]);
  const ok = backends?.some((b) => b.name === backend && b.available) ?? false;
  return { backend, ok };
}
