/**
 * How many threads the WebAssembly backend runs on. tfjs-backend-wasm 4.22 caps XNNPACK's pool at
 * hardwareConcurrency / 2, read from navigator when its module starts, whatever setThreadsCount asks;
 * the app's own kernels (simd/) run their own pool. Both get `wasmThreads()` threads: every logical
 * core by default, where the page is cross-origin isolated (no shared memory, no threads otherwise).
 */
import * as tf from '@tensorflow/tfjs';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { sharedMemoryHere } from './sharedMemory';
import { configureThreads, disposeAllRuntimes, type ThreadSpawner } from './simd/runtime';

/** A pool past this many threads stops paying for its wake-ups on the models here (and XNNPACK's own limit is 8 workers). */
const MAX_WASM_THREADS = 8;

let requested: number | null = null;

/**
 * Threads the next wasm backend instance will use: 1 without shared memory, whatever navigator.hardwareConcurrency
 * says (WebKit reports 4 on 2 cores and has none); else the request, else every logical core (at most MAX_WASM_THREADS).
 */
export function wasmThreads(): number {
  if (!sharedMemoryHere()) return 1;
  const cores = typeof navigator === 'object' && navigator.hardwareConcurrency > 0 ? navigator.hardwareConcurrency : 1;
  return Math.max(1, Math.min(MAX_WASM_THREADS, requested ?? cores));
}

/** Asks for `threads` (null: all cores) from the next backend instance on; the caller drops the current one. */
export function requestWasmThreads(threads: number | null): void {
  requested = threads;
}

/** Runs `make` while navigator reports `cores` logical cores (the value XNNPACK's pool is sized from). */
async function withReportedCores<T>(cores: number, make: () => T | Promise<T>): Promise<T> {
  const nav = typeof navigator === 'object' ? navigator : null;
  if (!nav) return make();
  Object.defineProperty(nav, 'hardwareConcurrency', { value: cores, configurable: true });
  try {
    return await make();
  } finally {
    // The own property goes; the prototype's getter answers again.
    delete (nav as { hardwareConcurrency?: number }).hardwareConcurrency;
  }
}

/** The emscripten module field tfjs-backend-wasm's types leave out: its C++ side's calls. */
interface WasmModuleCalls {
  tfjs: { getThreadsCount(): number };
}

/** XNNPACK's own thread count, as its thread pool reports it (pthreadpool_get_threads_count), for this backend instance. */
export function xnnpackThreadsOf(backend: BackendWasm): number {
  return (backend.wasm as unknown as WasmModuleCalls).tfjs.getThreadsCount();
}

let wrapped = false;

/**
 * Re-registers the wasm backend's factory so each new instance gets wasmThreads() threads: XNNPACK's
 * pool through setThreadsCount and a navigator that reports twice that many cores while the module
 * starts (its cap halves them), the app's pool through configureThreads. Once per page.
 */
export function useAllCores(setThreadsCount: (threads: number) => void, spawner: ThreadSpawner): void {
  const entry = tf.engine().registryFactory.wasm;
  if (wrapped || !entry) return;
  wrapped = true;
  tf.removeBackend('wasm');
  tf.registerBackend(
    'wasm',
    async () => {
      const threads = wasmThreads();
      disposeAllRuntimes();
      setThreadsCount(threads);
      configureThreads(spawner, threads);
      return withReportedCores(threads * 2, entry.factory);
    },
    entry.priority,
  );
}
