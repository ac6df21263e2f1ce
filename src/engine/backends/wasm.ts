import { registerWasmTrainingKernels } from './wasmKernels';
import { msg } from '../../i18n/message';
import { cpuClock, float32Only, NO_DEVICE, type BackendRuntime } from './runtime';

/** Under Node the wasm package finds its own binaries; in a browser they are the app's own assets. */
const IN_NODE = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/** WebAssembly (XNNPACK, SIMD where the browser has it, threads where the page is cross-origin isolated). */
export const wasmRuntime: BackendRuntime = {
  async probe() {
    if (typeof WebAssembly !== 'object') return { available: false, reason: msg('engine.backend.wasm.missing') };
    const threads = typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true;
    return { available: true, reason: msg(threads ? 'engine.backend.wasm.threads' : 'engine.backend.wasm.oneThread') };
  },
  async load() {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    if (!IN_NODE) wasm.setWasmPaths((await import('./wasmAssets')).WASM_ASSET_URLS);
    registerWasmTrainingKernels();
  },
  kernelTiming: () => cpuClock('wasm'),
  ...NO_DEVICE,
  applyPrecision: float32Only('wasm'),
};
