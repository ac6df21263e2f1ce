import * as tf from '@tensorflow/tfjs';
import { getThreadsCount, version_wasm, type BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { kernelModules, SimdRuntime } from '../backends/simd/runtime';
import { notAvailable, type FlagValue, type Reported, type TfjsSection } from '../protocol/deviceReport';


export function collectTfjsSection(): TfjsSection {
  const versions: TfjsSection['versions'] = { ...tf.version, 'tfjs-backend-wasm': version_wasm };
  const registeredBackends = [...tf.engine().backendNames()].sort();
  versions['tfjs-backend-webgpu'] = notAvailable(
    `tfjs-backend-webgpu exports no version string (it ships in step with tfjs-core ${tf.version['tfjs-core']}); ` +
      (registeredBackends.includes('webgpu') ? 'it is registered here' : 'it is not registered here'),
  );
  // backendName is typed string but is null until a backend has been initialised.
  const current = tf.engine().backendName as string | null;
  return {
    versions,
    currentBackend: current ?? notAvailable('no backend has been initialised yet'),
    registeredBackends,
    flags: currentFlags(),
    wasmThreads: wasmThreads(),
    wasmKernels: wasmKernels(),
  };
}

/** The wasm backend instance, if one has started in this worker (tf.findBackend would start one). */
function wasmInstance(): BackendWasm | null {
  return (tf.engine().registry.wasm as BackendWasm | undefined) ?? null;
}

/** Threads the last WebAssembly job ran on: the app's kernel pool (XNNPACK is given as many). */
function wasmThreads(): Reported<number> {
  const instance = wasmInstance();
  const runtime = instance ? SimdRuntime.of(instance) : null;
  if (runtime) return runtime.threadCount();
  try {
    return getThreadsCount();
  } catch {
    return notAvailable('the WebAssembly backend has not started in this tab');
  }
}

function wasmKernels(): Reported<'relaxed' | 'plain'> {
  const modules = kernelModules();
  const instance = wasmInstance();
  if (!modules) return notAvailable("the app's WebAssembly kernels are not loaded: TensorFlow.js's own kernels run");
  if (!instance) return notAvailable('the WebAssembly backend has not started in this tab');
  if (!SimdRuntime.of(instance)) return notAvailable("the app's kernels cannot use this backend's memory: TensorFlow.js's own kernels run");
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
