import * as tf from '@tensorflow/tfjs';
import { errorMessage, type BackendRuntime } from './runtime';

/** WebGPU through navigator.gpu in the worker; its package loads only when a WebGPU job first runs. */
export const webgpuRuntime: BackendRuntime = {
  async probe() {
    const gpu = (globalThis.navigator as Navigator | undefined)?.gpu;
    if (!gpu) {
      return {
        available: false,
        reason: 'WebGPU is not available in this browser: navigator.gpu is missing (needs a recent Chrome/Edge, or a flag such as --enable-unsafe-webgpu).',
      };
    }
    try {
      const adapter = await gpu.requestAdapter();
      if (!adapter) {
        return { available: false, reason: 'WebGPU is present but no GPU adapter was granted (blocklisted GPU or driver, or hardware without WebGPU support).' };
      }
      const info = adapter.info;
      return { available: true, reason: `adapter ${info.vendor || 'unknown vendor'} / ${info.architecture || 'unknown architecture'}` };
    } catch (err) {
      return { available: false, reason: `WebGPU adapter request failed: ${errorMessage(err)}` };
    }
  },
  async load() {
    await import('@tensorflow/tfjs-backend-webgpu');
  },
  kernelTiming() {
    const timestamps = (tf.backend() as unknown as { supportTimestampQuery?: boolean }).supportTimestampQuery === true;
    if (timestamps) return { source: 'gpu-timer', note: "GPU time from WebGPU 'timestamp-query'." };
    return {
      source: 'unavailable',
      note: "Unavailable on this device: the WebGPU adapter lacks 'timestamp-query' (Chrome may offer it with --enable-dawn-features=allow_unsafe_apis).",
    };
  },
};
