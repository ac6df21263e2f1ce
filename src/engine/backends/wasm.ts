import { registerWasmTrainingKernels } from './wasmKernels';
import { cpuClock, NO_DEVICE, type BackendRuntime } from './runtime';

/** Under Node the wasm package finds its own binaries; in a browser they are the app's own assets. */
const IN_NODE = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** WebAssembly (XNNPACK, SIMD where the browser has it, threads where the page is cross-origin isolated). */
export const wasmRuntime: BackendRuntime = {
  async probe() {
    if (typeof WebAssembly !== 'object') return { available: false, reason: 'WebAssembly is not available in this browser.' };
    const threads = typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true;
    return { available: true, reason: `WebAssembly (SIMD when the browser supports it${threads ? ', with threads' : ', one thread: the page is not cross-origin isolated'})` };
  },
  async load() {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    if (!IN_NODE) wasm.setWasmPaths((await import('./wasmAssets')).WASM_ASSET_URLS);
    registerWasmTrainingKernels();
  },
  kernelTiming: () => cpuClock('wasm'),
  ...NO_DEVICE,
};
