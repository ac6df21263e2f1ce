import type { BackendAvailability } from '../../config/backends';
import type { KernelTiming } from '../protocol/lab';

/** 'time': tf.time of a whole step; 'profile': tf.profile, which on WebGL without a timer reads back after every kernel. */
export type TimingMode = 'time' | 'profile';

/** How the engine brings up one backend; one file per backend, keyed like config/backends.ts. */
export interface BackendRuntime {
  /** Whether this browser offers it, said in plain words; runs before any backend is initialised. */
  probe(): Promise<Omit<BackendAvailability, 'name'>>;
  /** Loads its package (and the project's kernels for it) once, before tf.setBackend. */
  load(): Promise<void>;
  /** Which clock its kernel times come from while it is the active backend, decided from the backend itself. */
  kernelTiming(mode: TimingMode): KernelTiming;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** CPU backends run kernels synchronously: a kernel's time is its own wall-clock time. */
export function cpuClock(backend: string): KernelTiming {
  return { source: 'cpu-clock', note: `${backend} kernels run synchronously, so their time is the wall-clock time of the kernel itself.` };
}
