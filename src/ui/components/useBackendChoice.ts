import { useEffect, useState } from 'react';
import type { BackendAvailability, BackendName } from '../../config/backends';

/** Preferred default when the wanted backend is unavailable: fastest first. */
const FALLBACK_ORDER: BackendName[] = ['webgl', 'webgpu', 'wasm', 'cpu'];

/** The chosen backend, moved to an available one once detection says the default is missing. */
export function useBackendChoice(backends: BackendAvailability[] | null, initial: BackendName) {
  const [backend, setBackend] = useState<BackendName>(initial);
  useEffect(() => {
    const available = backends?.filter((b) => b.available).map((b) => b.name) ?? [];
    if (available.length && !available.includes(backend)) setBackend(FALLBACK_ORDER.find((b) => available.includes(b)) ?? 'cpu');
  }, [backends, backend]);
  const ok = backends?.some((b) => b.name === backend && b.available) ?? false;
  return { backend, setBackend, ok };
}
