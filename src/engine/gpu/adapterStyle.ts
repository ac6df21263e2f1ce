import { softwareGpuOf } from '../../config/softwareGpu';
import type { GemmStyle } from './kernels/gemm';

/**
 * The products' style for this device: 'direct' on a software adapter (SwiftShader, llvmpipe…), where
 * workgroup barriers cost more than the loads they save (the tiny CNN's step 2x faster on SwiftShader), 'tiled' on a GPU.
 */
export function gemmStyleFor(device: GPUDevice): GemmStyle {
  const info = (device as GPUDevice & { adapterInfo?: GPUAdapterInfo & { isFallbackAdapter?: boolean } }).adapterInfo;
  if (!info) return 'tiled';
  const { vendor, architecture, description, isFallbackAdapter } = info;
  return softwareGpuOf({ api: 'webgpu', vendor, architecture, device: info.device, description, isFallbackAdapter: isFallbackAdapter ?? null }) ? 'direct' : 'tiled';
}
