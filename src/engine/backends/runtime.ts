import type { BackendAvailability } from '../../config/backends';

/** How the engine brings up one backend; one file per backend, keyed like config/backends.ts. */
export interface BackendRuntime {
  /** Whether this browser offers it, said in plain words; runs before any backend is initialised. */
  probe(): Promise<Omit<BackendAvailability, 'name'>>;
  /** Loads its package (and the project's kernels for it) once, before tf.setBackend. */
  load(): Promise<void>;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
