import * as tf from '@tensorflow/tfjs';
import { create, globals } from 'webgpu';
import { describe, expect, it } from 'vitest';
import { askForEngineFeatures } from './webgpuFeatures';

describe("TensorFlow.js's WebGPU device, asked for the engine's features", () => {
  it('has subgroups where the adapter offers them (Dawn on SwiftShader here), and TensorFlow.js still trains on it', async () => {
    Object.assign(globalThis, globals);
    const gpu = create(['enable-dawn-features=disable_workgroup_init']);
    Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });
    const adapter = await gpu.requestAdapter();
    expect(adapter?.features.has('subgroups')).toBe(true);
    await import('@tensorflow/tfjs-backend-webgpu');
    askForEngineFeatures();
    expect(await tf.setBackend('webgpu')).toBe(true);
    const device = (tf.backend() as unknown as { device: GPUDevice }).device;
    expect(device.features.has('subgroups')).toBe(true);
    expect(device.features.has('timestamp-query')).toBe(true);
    const sum = tf.sum(tf.tensor1d([1, 2, 3]));
    expect(await sum.data()).toEqual(new Float32Array([6]));
    tf.dispose(sum);
  });
});
