import * as tf from '@tensorflow/tfjs';
import { getThreadsCount, version_wasm } from '@tensorflow/tfjs-backend-wasm';
import { msg } from '../../i18n/message';
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
  };
}

function wasmThreads(): Reported<number> {
  try {
    return getThreadsCount();
  } catch {
    return notAvailable(msg('engine.device.wasmNotStarted'));
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
