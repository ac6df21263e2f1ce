import type { BackendAvailability, BackendName } from '../../config/backends';

/** Feature checks that run before any backend is initialised; each names what is missing in plain words. */
async function detectWebGpu(): Promise<BackendAvailability> {
  const gpu = (globalThis.navigator as Navigator | undefined)?.gpu;
  if (!gpu) {
    return {
      name: 'webgpu',
      available: false,
      reason: 'WebGPU is not available in this browser: navigator.gpu is missing (needs a recent Chrome/Edge, or a flag such as --enable-unsafe-webgpu).',
    };
  }
  try {
    const adapter = await gpu.requestAdapter();
    if (!adapter) {
      return { name: 'webgpu', available: false, reason: 'WebGPU is present but no GPU adapter was granted (blocklisted GPU or driver, or hardware without WebGPU support).' };
    }
    const info = adapter.info;
    return { name: 'webgpu', available: true, reason: `adapter ${info.vendor || 'unknown vendor'} / ${info.architecture || 'unknown architecture'}` };
  } catch (err) {
    return { name: 'webgpu', available: false, reason: `WebGPU adapter request failed: ${errorMessage(err)}` };
  }
}

function detectWebGl(): BackendAvailability {
  if (typeof OffscreenCanvas === 'undefined') {
    return { name: 'webgl', available: false, reason: 'WebGL needs OffscreenCanvas in a worker, which this browser lacks.' };
  }
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (!gl) {
    return { name: 'webgl', available: false, reason: 'WebGL 2 is not available: the browser refused a WebGL 2 context (GPU blocklisted, hardware acceleration off, or no driver).' };
  }
  const version = String(gl.getParameter(gl.VERSION));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return { name: 'webgl', available: true, reason: version };
}

function detectWasm(): BackendAvailability {
  if (typeof WebAssembly !== 'object') {
    return { name: 'wasm', available: false, reason: 'WebAssembly is not available in this browser.' };
  }
  return { name: 'wasm', available: true, reason: 'WebAssembly (SIMD when the browser supports it)' };
}

export async function detectBackends(): Promise<BackendAvailability[]> {
  const cpu: BackendAvailability = { name: 'cpu', available: true, reason: 'plain JavaScript, always available' };
  return [cpu, detectWasm(), detectWebGl(), await detectWebGpu()];
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

export type { BackendName };
