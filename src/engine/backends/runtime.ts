import type * as tf from '@tensorflow/tfjs';
import { backendMessage, type BackendAvailability, type BackendName } from '../../config/backends';
import { float16Refusal, type Precision } from '../../config/cnnConfig';
import { msg, MessageError, type Message } from '../../i18n/message';
import type { KernelTiming } from '../protocol/lab';

/** 'time': tf.time of a whole step; 'profile': tf.profile, which on WebGL without a timer reads back after every kernel. */
export type TimingMode = 'time' | 'profile';

/** How the engine brings up one backend; one file per backend, keyed like config/backends.ts. */
export interface BackendRuntime {
  /** Whether this browser offers it, and why not; runs before any backend is initialised. */
  probe(): Promise<Omit<BackendAvailability, 'name'>>;
  /** Loads its package (and the project's kernels for it) once, before tf.setBackend. */
  load(): Promise<void>;
  /** Readies a new instance after tf.setBackend (e.g. waits for its threads), so no job is timed while it starts. */
  prepare?(instance: tf.KernelBackend): Promise<void>;
  /** Which clock its kernel times come from while it is the active backend, decided from the backend itself. */
  kernelTiming(mode: TimingMode): KernelTiming;
  /** Why this instance's device (WebGL context, WebGPU device) is gone; null while it works or where there is none. */
  deviceLost(instance: tf.KernelBackend): Message | null;
  /** Breaks this instance's device on purpose (tests and the lab only); throws where there is no device to lose. */
  loseDevice(instance: tf.KernelBackend): void;
  /**
   * Sets the flags this precision needs before an instance is made; true when they changed, so an
   * instance made under the old ones must be rebuilt. Throws where this backend cannot train in it.
   */
  applyPrecision(precision: Precision): boolean;
}

/** A CPU backend: nothing to lose. */
export const NO_DEVICE: Pick<BackendRuntime, 'deviceLost' | 'loseDevice'> = {
  deviceLost: () => null,
  loseDevice: () => {
    throw new Error('This backend runs on the CPU: it has no GPU device to lose.');
  },
};

/** A backend that trains in float32 only: 16 bits refused with the table's reason (the form refuses it first). */
export function float32Only(backend: BackendName): BackendRuntime['applyPrecision'] {
  return (precision) => {
    const refusal = precision === 'float32' ? null : float16Refusal(backend);
    if (refusal) throw new MessageError(refusal);
    return false;
  };
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** CPU backends run kernels synchronously: a kernel's time is its own wall-clock time. */
export function cpuClock(backend: BackendName): KernelTiming {
  return { source: 'cpu-clock', note: msg('engine.timing.cpuClock', { backend: backendMessage(backend) }) };
}
