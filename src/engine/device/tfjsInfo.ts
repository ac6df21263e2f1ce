import * as tf from '@tensorflow/tfjs';
import { getThreadsCount, version_wasm, type BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { msg } from '../../i18n/message';
import { kernelModules, SimdRuntime } from '../backends/simd/runtime';
import { xnnpackThreadsOf } from '../backends/wasmThreads';
import { notAvailable, type FlagValue, type Reported, type TfjsSection } from '../protocol/deviceReport';


export function collectTfjsSection(): TfjsSection {
  const versions: TfjsSection['versions'] = { ...tf.version, 'tfjs-backend-wasm': version_wasm };
  const registeredBackends = [...tf.engine().backendNames()].sort();
  const core = tf.version['tfjs-core'];
  versions['tfjs-backend-webgpu'] = notAvailable(msg(registeredBackends.includes('webgpu') ? 'engine.device.webgpuVersionRegistered' : 'engine.device.webgpuVersionUnregistered', { core }));
  // backendName is typed string but is null until a backend has been initialised.
  const current = tf.engine().backendName as string | null;
  return {
    versions,
    currentBackend: current ?? notAvailable(msg('engine.device.noBackendYet')),
    registeredBackends,
    flags: currentFlags(),
    wasmThreads: wasmThreads(),
    xnnpackThreads: xnnpackThreads(),
    wasmKernels: wasmKernels(),
  };
}

/** The wasm backend instance, if one has started in this worker (tf.findBackend would start one). */
function wasmInstance(): BackendWasm | null {
  return (tf.engine().registry.wasm as BackendWasm | undefined) ?? null;
}

/** XNNPACK's own thread pool, read from XNNPACK for the backend instance that started. */
function xnnpackThreads(): Reported<number> {
  const instance = wasmInstance();
  return instance ? xnnpackThreadsOf(instance) : notAvailable(msg('engine.device.wasmNotStarted'));
}

/** Threads the last WebAssembly job ran on: the app's kernel pool (XNNPACK's where the app's kernels are off). */
function wasmThreads(): Reported<number> {
  const instance = wasmInstance();
  const runtime = instance ? SimdRuntime.of(instance) : null;
  if (runtime) return runtime.threadCount();
  try {
    return getThreadsCount();
  } catch {
    return notAvailable(msg('engine.device.wasmNotStarted'));
  }
}

function wasmKernels(): Reported<'relaxed' | 'plain'> {
  const modules = kernelModules();
  const instance = wasmInstance();
  if (!modules) return notAvailable(msg('engine.device.wasmKernelsMissing'));
  if (!instance) return notAvailable(msg('engine.device.wasmNotStarted'));
  if (!SimdRuntime.of(instance)) return notAvailable(msg('engine.device.wasmKernelsUnusable'));
  return modules.simd;
}

function currentFlags(): Record<string, FlagValue> {
  const flags = tf.env().getFlags();
  const out: Record<string, FlagValue> = {};
  for (const name of Object.keys(flags).sort()) {
    const value = flags[name];
    out[name] = typeof value === 'number' && !Number.isFinite(value) ? String(value) : value; // JSON has no Infinity/NaN
  }
  return out;
}
