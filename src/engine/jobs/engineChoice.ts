import type { BackendName } from '../../config/backends';
import type { GpuEngine } from '../../config/gpuEngines';
import { activeWebGpuDevice } from '../backends/webgpu';
import type { EngineTarget } from '../gpu/tuning/engineKernels';

/** The app's engine's device (and a product kernel forced, if asked), when the run asked for it and WebGPU is the active backend; otherwise TensorFlow.js's kernels run. */
export function engineOn(backend: BackendName, engine: GpuEngine, kernels: Omit<EngineTarget, 'device'> = {}): EngineTarget | undefined {
  if (backend !== 'webgpu' || engine !== 'app') return undefined;
  const device = activeWebGpuDevice();
  return device ? { device, ...kernels } : undefined;
}
