import * as tf from '@tensorflow/tfjs';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import type { WasmRun } from '../protocol/training';
import { dropBackendInstance } from './activate';
import { appKernelsEnabled, setAppKernelsEnabled, SimdRuntime } from './simd/runtime';
import { requestWasmThreads, wasmThreads, xnnpackThreadsOf } from './wasmThreads';

/** What a measurement may change about the WebAssembly backend (the bench: 1 thread vs all, the app's kernels vs TensorFlow.js's). */
export interface WasmSettings {
  /** Threads for XNNPACK and the app's kernels; null or absent: every logical core. */
  threads?: number | null;
  /** false: TensorFlow.js's own kernels only. */
  appKernels?: boolean;
}

/**
 * Runs `measure` under these settings and puts the defaults back after. A new thread count needs a new
 * backend instance (XNNPACK sizes its pool when its module starts), so the instance is dropped before
 * and after; the next activation makes a fresh one.
 */
export async function withWasmSettings<T>(settings: WasmSettings, measure: () => Promise<T>): Promise<T> {
  const threadsBefore = wasmThreads();
  const kernelsBefore = appKernelsEnabled();
  requestWasmThreads(settings.threads ?? null);
  setAppKernelsEnabled(settings.appKernels ?? true);
  const rebuild = wasmThreads() !== threadsBefore;
  if (rebuild) dropBackendInstance('wasm');
  try {
    return await measure();
  } finally {
    requestWasmThreads(null);
    setAppKernelsEnabled(kernelsBefore);
    if (rebuild) dropBackendInstance('wasm');
  }
}

/** What the active WebAssembly backend runs on: its kernels' threads (the app's pool, else XNNPACK's), whose kernels, and XNNPACK's own threads; null on other backends. */
export function activeWasmRun(): WasmRun | null {
  if (tf.getBackend() !== 'wasm') return null;
  const backend = tf.backend() as BackendWasm;
  const xnnpackThreads = xnnpackThreadsOf(backend);
  const runtime = SimdRuntime.of(backend);
  if (runtime) {
    const wake = runtime.wakeUpMs === null ? {} : { wakeUpMs: runtime.wakeUpMs };
    const perThread = runtime.minWorkPerThreadNs();
    return { threads: runtime.threadCount(), appKernels: true, xnnpackThreads, ...wake, ...(Number.isFinite(perThread) ? { minWorkPerThreadUs: perThread / 1000 } : {}) };
  }
  return { threads: xnnpackThreads, appKernels: false, xnnpackThreads };
}
