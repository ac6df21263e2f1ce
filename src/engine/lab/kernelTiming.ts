import * as tf from '@tensorflow/tfjs';
import type { KernelTiming } from '../protocol/lab';

/** 'time': tf.time of a whole step; 'profile': tf.profile, which on WebGL without a timer reads back after every kernel. */
export type TimingMode = 'time' | 'profile';

const WEBGL_TIMER_FLAG = 'WEBGL_DISJOINT_QUERY_TIMER_EXTENSION_RELIABLE';

/** Which kernel clock tfjs uses on the active backend, decided from the backend itself, never assumed. */
export function kernelTiming(mode: TimingMode): KernelTiming {
  const backend = tf.getBackend();
  if (backend === 'cpu' || backend === 'wasm') {
    return { source: 'cpu-clock', note: `${backend} kernels run synchronously, so their time is the wall-clock time of the kernel itself.` };
  }
  if (backend === 'webgl') {
    if (tf.env().getNumber(WEBGL_TIMER_FLAG) > 0) {
      return { source: 'gpu-timer', note: 'GPU time from WebGL timer queries (EXT_disjoint_timer_query_webgl2).' };
    }
    if (mode === 'profile') {
      return {
        source: 'wall-with-sync',
        note: 'No WebGL timer query here: each kernel is timed on the wall clock with a read-back after it, which overstates small kernels.',
      };
    }
    return { source: 'unavailable', note: 'Unavailable on this device: WebGL offers no reliable timer query (EXT_disjoint_timer_query_webgl2) here.' };
  }
  if (backend === 'webgpu') {
    const timestamps = (tf.backend() as unknown as { supportTimestampQuery?: boolean }).supportTimestampQuery === true;
    if (timestamps) return { source: 'gpu-timer', note: "GPU time from WebGPU 'timestamp-query'." };
    return {
      source: 'unavailable',
      note: "Unavailable on this device: the WebGPU adapter lacks 'timestamp-query' (Chrome may offer it with --enable-dawn-features=allow_unsafe_apis).",
    };
  }
  return { source: 'unavailable', note: `Unavailable on this device: no known kernel timer for the ${backend} backend.` };
}
