import * as tf from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { softwareGpuOf } from '../../config/softwareGpu';
import { detailOf, msg, type Message } from '../../i18n/message';
import { float32Only, type BackendRuntime } from './runtime';
import { registerWebgpuTrainingKernels } from './webgpuKernels';
import { askForEngineFeatures } from './webgpuFeatures';

/** Why each device the backend used was lost, once it was (TensorFlow.js itself never watches device.lost). */
const lostReasons = new WeakMap<GPUDevice, Message>();
const watched = new WeakSet<GPUDevice>();

function deviceOf(instance: tf.KernelBackend): GPUDevice | null {
  return (instance as Partial<WebGPUBackend>).device ?? null;
}

/** The device of TensorFlow.js's WebGPU backend while it is the active one (the app's engine trains on the same device), else null. */
export function activeWebGpuDevice(): GPUDevice | null {
  return tf.getBackend() === 'webgpu' ? deviceOf(tf.backend()) : null;
}

function watch(device: GPUDevice): void {
  if (watched.has(device)) return;
  watched.add(device);
  void device.lost.then((info) => {
    if (!lostReasons.has(device)) {
      const detail = info.message || msg('engine.lost.noReason');
      lostReasons.set(device, msg(info.reason === 'destroyed' ? 'engine.lost.webgpuDestroyed' : 'engine.lost.webgpu', { detail }));
    }
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
      return { available: false, reason: msg('engine.backend.webgpu.missing') };
    }
    try {
      const adapter = await gpu.requestAdapter();
      if (!adapter) {
        return { available: false, reason: msg('engine.backend.webgpu.noAdapter') };
      }
      // Field by field: adapter.info's fields are getters on its prototype, which a spread would miss.
      const { vendor, architecture, device, description } = adapter.info;
      const reason = msg('engine.backend.webgpu.ready', {
        vendor: vendor || msg('engine.backend.webgpu.unknownVendor'),
        architecture: architecture || msg('engine.backend.webgpu.unknownArchitecture'),
      });
      const software = softwareGpuOf({ api: 'webgpu', vendor, architecture, device, description, isFallbackAdapter: fallbackFlag(adapter) });
      return software ? { available: true, reason, softwareGpu: software } : { available: true, reason };
    } catch (err) {
      return { available: false, reason: msg('engine.backend.webgpu.adapterFailed', { detail: detailOf(err) }) };
    }
  },
  async load() {
    await import('@tensorflow/tfjs-backend-webgpu');
    registerWebgpuTrainingKernels();
    askForEngineFeatures();
  },
  kernelTiming() {
    const timestamps = (tf.backend() as unknown as { supportTimestampQuery?: boolean }).supportTimestampQuery === true;
    if (timestamps) return { source: 'gpu-timer', note: msg('engine.timing.webgpuTimer') };
    return { source: 'unavailable', note: msg('engine.timing.webgpuNone') };
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
    lostReasons.set(device, msg('engine.lost.webgpuDestroyed', { detail: msg('engine.lost.destroyCalled') }));
    device.destroy();
  },
  applyPrecision: float32Only('webgpu'),
};
