import * as tf from '@tensorflow/tfjs';
import type { DeviceMemory } from './workloads/types';

/** What TensorFlow.js counts: its live bytes, the device's own count where it keeps one (WebGL's textures, WebGPU's buffers), its tensors. */
export function tfDeviceMemory(): DeviceMemory {
  const memory = tf.memory() as tf.MemoryInfo & { numBytesInGPUAllocated?: number; numBytesAllocatedInGPU?: number };
  return { bytes: memory.numBytes, gpuBytes: memory.numBytesInGPUAllocated ?? memory.numBytesAllocatedInGPU ?? null, numTensors: memory.numTensors };
}
