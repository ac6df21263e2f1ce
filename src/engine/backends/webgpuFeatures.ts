/**
 * The device TensorFlow.js's WebGPU backend asks for, plus the features the app's engine can use where the
 * adapter has them (`subgroups`: a product form that shares loads across a subgroup). TensorFlow.js's own
 * factory still makes the device; its requestDevice call gets the extra features while it runs. Once per worker.
 */
import * as tf from '@tensorflow/tfjs';

/** What the app's engine asks of an adapter beyond what TensorFlow.js does. */
export const ENGINE_FEATURES: readonly GPUFeatureName[] = ['subgroups' as GPUFeatureName];

let wrapped = false;

export function askForEngineFeatures(): void {
  const entry = tf.engine().registryFactory.webgpu;
  const adapterClass = (globalThis as { GPUAdapter?: { prototype: GPUAdapter } }).GPUAdapter;
  if (wrapped || !entry || !adapterClass) return;
  wrapped = true;
  tf.removeBackend('webgpu');
  tf.registerBackend(
    'webgpu',
    async () => {
      const proto = adapterClass.prototype;
      const original = proto.requestDevice;
      proto.requestDevice = function (this: GPUAdapter, descriptor?: GPUDeviceDescriptor) {
        const extra = ENGINE_FEATURES.filter((f) => this.features.has(f));
        return original.call(this, { ...descriptor, requiredFeatures: [...(descriptor?.requiredFeatures ?? []), ...extra] });
      };
      try {
        return await entry.factory();
      } finally {
        proto.requestDevice = original;
      }
    },
    entry.priority,
  );
}
