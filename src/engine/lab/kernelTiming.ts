import * as tf from '@tensorflow/tfjs';
import { isBackendName } from '../../config/backends';
import { BACKEND_RUNTIMES } from '../backends/registry';
import type { TimingMode } from '../backends/runtime';
import type { KernelTiming } from '../protocol/lab';

export type { TimingMode };

/** Which kernel clock tfjs uses on the active backend: each backend's own file decides, never assumed. */
export function kernelTiming(mode: TimingMode): KernelTiming {
  const backend = tf.getBackend();
  if (isBackendName(backend)) return BACKEND_RUNTIMES[backend].kernelTiming(mode);
  return { source: 'unavailable', note: `Unavailable on this device: no known kernel timer for the ${backend} backend.` };
}
