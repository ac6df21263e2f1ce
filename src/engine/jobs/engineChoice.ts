import type { BackendName } from '../../config/backends';
import type { GpuEngine } from '../../config/gpuEngines';
import { activeWebGpuDevice } from '../backends/webgpu';

/** The app's engine's device, when the run asked for it and WebGPU is the active backend; otherwise TensorFlow.js's kernels run. */
export function engineOn(backend: BackendName, engine: GpuEngine): { device: GPUDevice } | undefined {
  if (backend !== 'webgpu' || engine !== 'app') return undefined;
  const device = activeWebGpuDevice();
  return device ? { device } : undefined;
}
