import * as tf from '@tensorflow/tfjs';
import { isBackendName } from '../../config/backends';
import { BACKEND_RUNTIMES } from '../backends/registry';
import type { TimingMode } from '../backends/runtime';
import { msg } from '../../i18n/message';
import type { KernelTiming } from '../protocol/lab';

export type { TimingMode };

/** Which kernel clock tfjs uses on the active backend: each backend's own file decides, never assumed. */
export function kernelTiming(mode: TimingMode): KernelTiming {
  const backend = tf.getBackend();
  if (isBackendName(backend)) return BACKEND_RUNTIMES[backend].kernelTiming(mode);
  return { source: 'unavailable', note: msg('engine.timing.unknownBackend', { backend }) };
}
