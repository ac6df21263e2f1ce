import * as tf from '@tensorflow/tfjs';
import { getThreadsCount, version_wasm } from '@tensorflow/tfjs-backend-wasm';
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
  };
}

function wasmThreads(): Reported<number> {
  try {
    return getThreadsCount();
  } catch {
    return notAvailable('the WebAssembly backend has not started in this tab');
  }
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
