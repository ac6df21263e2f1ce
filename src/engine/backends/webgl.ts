import * as tf from '@tensorflow/tfjs';
import type { BackendRuntime } from './runtime';

const WEBGL_TIMER_FLAG = 'WEBGL_DISJOINT_QUERY_TIMER_EXTENSION_RELIABLE';

/** WebGL 2 through an OffscreenCanvas in the worker; its package ships with @tensorflow/tfjs. */
export const webglRuntime: BackendRuntime = {
  async probe() {
    if (typeof OffscreenCanvas === 'undefined') {
      return { available: false, reason: 'WebGL needs OffscreenCanvas in a worker, which this browser lacks.' };
    }
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) {
      return { available: false, reason: 'WebGL 2 is not available: the browser refused a WebGL 2 context (GPU blocklisted, hardware acceleration off, or no driver).' };
    }
    const version = String(gl.getParameter(gl.VERSION));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { available: true, reason: version };
  },
  async load() {
    await import('@tensorflow/tfjs-backend-webgl');
  },
  kernelTiming(mode) {
    if (tf.env().getNumber(WEBGL_TIMER_FLAG) > 0) return { source: 'gpu-timer', note: 'GPU time from WebGL timer queries (EXT_disjoint_timer_query_webgl2).' };
    if (mode === 'profile') {
      return { source: 'wall-with-sync', note: 'No WebGL timer query here: each kernel is timed on the wall clock with a read-back after it, which overstates small kernels.' };
    }
    return { source: 'unavailable', note: 'Unavailable on this device: WebGL offers no reliable timer query (EXT_disjoint_timer_query_webgl2) here.' };
  },
};
