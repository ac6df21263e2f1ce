import * as tf from '@tensorflow/tfjs';
import { BACKEND_NAMES, type BackendName } from '../../config/backends';
import type { DebugPoint } from '../protocol/training';
import { BACKEND_RUNTIMES } from './registry';

const isBackendName = (name: string): name is BackendName => (BACKEND_NAMES as readonly string[]).includes(name);

/** Where a test asked for the device to be lost next (tests only: no view arms one). */
const armed = new Set<DebugPoint>();

/** Loses the active backend's device now (WebGL context, WebGPU device); throws where there is none to lose. */
export function loseActiveDevice(): void {
  const name = tf.getBackend();
  if (!name || !isBackendName(name)) throw new Error('No backend is active: there is no device to lose.');
  BACKEND_RUNTIMES[name].loseDevice(tf.backend());
}

/** The next time a run reaches this point, its device is lost there, once. */
export function armDeviceLoss(point: DebugPoint): void {
  armed.add(point);
}

/** A run is about to wait on its device at this point: loses the device first if a test armed it here. */
export function reachDebugPoint(point: DebugPoint): void {
  if (!armed.delete(point)) return;
  try {
    loseActiveDevice();
  } catch {
    // A CPU backend has no device to lose: the armed point is spent and the run goes on.
  }
}
