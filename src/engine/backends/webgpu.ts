import * as tf from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { softwareGpuOf } from '../../config/softwareGpu';
import { errorMessage, type BackendRuntime } from './runtime';

/** Why each device the backend used was lost, once it was (TensorFlow.js itself never watches device.lost). */
const lostReasons = new WeakMap<GPUDevice, string>();
const watched = new WeakSet<GPUDevice>();

function deviceOf(instance: tf.KernelBackend): GPUDevice | null {
  return (instance as Partial<WebGPUBackend>).device ?? null;
}

function watch(device: GPUDevice): void {
  if (watched.has(device)) return;
  watched.add(device);
  void device.lost.then((info) => {
    if (!lostReasons.has(device)) lostReasons.set(device, `The WebGPU device was lost (${info.reason === 'destroyed' ? 'destroyed' : 'lost'}: ${info.message || 'no reason given'})`);
  });
}

/** Whether the browser granted a fallback (software) adapter: on adapter.info now, on the adapter in older Chromium. */
function fallbackFlag(adapter: GPUAdapter): boolean | null {
  const legacy = adapter as GPUAdapter & { isFallbackAdapter?: boolean; info: GPUAdapterInfo & { isFallbackAdapter?: boolean } };
  return legacy.info.isFallbackAdapter ?? legacy.isFallbackAdapter ?? null;
}

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
      // Field by field: adapter.info's fields are getters on its prototype, which a spread would miss.
      const { vendor, architecture, device, description } = adapter.info;
      const reason = `adapter ${vendor || 'unknown vendor'} / ${architecture || 'unknown architecture'}`;
      const software = softwareGpuOf({ api: 'webgpu', vendor, architecture, device, description, isFallbackAdapter: fallbackFlag(adapter) });
      return software ? { available: true, reason, softwareGpu: software } : { available: true, reason };
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
  deviceLost(instance) {
    const device = deviceOf(instance);
    if (!device) return null;
    watch(device);
    return lostReasons.get(device) ?? null;
  },
  loseDevice(instance) {
    const device = deviceOf(instance);
    if (!device) throw new Error('This WebGPU backend has no device to destroy.');
    watch(device);
    // Known at once: device.lost only resolves a task later, after more steps could have been queued.
    lostReasons.set(device, 'The WebGPU device was lost (destroyed: device.destroy() was called)');
    device.destroy();
  },
  applyPrecision(precision) {
    if (precision !== 'float32') throw new Error("TensorFlow.js 4.22's WebGPU kernels store float32 only.");
    return false;
  },
};
