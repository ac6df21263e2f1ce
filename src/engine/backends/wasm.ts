import type * as tf from '@tensorflow/tfjs';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { SimdRuntime } from './simd/runtime';
import { registerWasmTrainingKernels } from './wasmKernels';
import { sharedMemoryHere } from './sharedMemory';
import { msg } from '../../i18n/message';
import { cpuClock, float32Only, NO_DEVICE, type BackendRuntime } from './runtime';

/** Under Node the wasm package finds its own binaries; in a browser they are the app's own assets. */
const IN_NODE = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
/** How long a new instance may take to start its pool threads before a job runs on fewer (they start in ~10-100 ms). */
const THREADS_READY_TIMEOUT_MS = 5000;

/** WebAssembly (XNNPACK and the app's kernels, SIMD, threads where the page is cross-origin isolated). */
export const wasmRuntime: BackendRuntime = {
  async probe() {
    if (typeof WebAssembly !== 'object') return { available: false, reason: msg('engine.backend.wasm.missing') };
    if (sharedMemoryHere()) return { available: true, reason: msg('engine.backend.wasm.threads') };
    // Isolated yet without shared memory (WebKit): the page is served right, the browser gives no threads.
    return { available: true, reason: msg(globalThis.crossOriginIsolated === true ? 'engine.backend.wasm.noSharedMemory' : 'engine.backend.wasm.oneThread') };
  },
  async load() {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    if (IN_NODE) {
      registerWasmTrainingKernels();
      return;
    }
    wasm.setWasmPaths((await import('./wasmAssets')).WASM_ASSET_URLS);
    const [{ compileKernelsInBrowser }, { spawnKernelThread }, { useAllCores }] = await Promise.all([import('./simd/binaries'), import('./simd/browserThreads'), import('./wasmThreads')]);
    useAllCores(wasm.setThreadsCount, spawnKernelThread);
    registerWasmTrainingKernels(await compileKernelsInBrowser());
  },
  async prepare(instance: tf.KernelBackend) {
    const runtime = SimdRuntime.of(instance as BackendWasm);
    await runtime?.whenThreadsReady(THREADS_READY_TIMEOUT_MS);
    await runtime?.measureWakeUp();
  },
  kernelTiming: () => cpuClock('wasm'),
  ...NO_DEVICE,
  applyPrecision: float32Only('wasm'),
};
