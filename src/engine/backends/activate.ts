import * as tf from '@tensorflow/tfjs';
import { BACKEND_NAMES, backendMessage, BACKENDS, type BackendName } from '../../config/backends';
import type { Precision } from '../../config/cnnConfig';
import { detailOf, msg, MessageError } from '../../i18n/message';
import { BACKEND_RUNTIMES } from './registry';

const loaded = new Map<BackendName, Promise<void>>();

/** Loads a backend's package and kernels once; a failed load is tried again next time. */
export function loadBackend(name: BackendName): Promise<void> {
  let pending = loaded.get(name);
  if (!pending) {
    pending = BACKEND_RUNTIMES[name].load();
    loaded.set(name, pending);
    pending.catch(() => loaded.delete(name));
  }
  return pending;
}

/**
 * Switches tfjs to exactly this backend, or throws: never falls back silently.
 * Returns what tf.getBackend() reports afterwards.
 */
export async function activateBackend(name: BackendName, precision: Precision = 'float32'): Promise<BackendName> {
  let ok = false;
  try {
    await loadBackend(name);
    // New storage flags apply to instances made after them: the old instance (no tensors live between jobs) goes.
    if (BACKEND_RUNTIMES[name].applyPrecision(precision)) dropBackendInstance(name);
    ok = await tf.setBackend(name);
  } catch (err) {
    throw new MessageError(msg('engine.backend.startFailed', { backend: backendMessage(name), detail: detailOf(err) }), { cause: err });
  }
  const actual = tf.getBackend();
  if (!ok || actual !== name) {
    throw new MessageError(msg('engine.backend.notSubstituted', { backend: backendMessage(name), actual: actual ?? msg('engine.backend.none') }));
  }
  await tf.ready();
  await BACKEND_RUNTIMES[name].prepare?.(tf.backend());
  return name;
}

/**
 * Disposes this backend's instance while keeping its factory and kernels, so the next setBackend
 * makes a fresh one: under new flags, or with a new context after the old one was lost.
 */
export function dropBackendInstance(name: BackendName): void {
  const entry = tf.engine().registryFactory[name];
  if (!entry) return;
  tf.removeBackend(name);
  tf.registerBackend(name, entry.factory, entry.priority);
}

/** The flags config/backends.ts lists for a backend, as tfjs has them now. */
export function reportedFlags(name: BackendName): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flag of BACKENDS[name].reportedFlags) {
    try {
      out[flag] = tf.env().get(flag);
    } catch {
      out[flag] = 'not registered';
    }
  }
  return out;
}

/** Loads every backend's package and evaluates its reported flags (async ones included) for the device report. */
export async function evaluateAllFlags(): Promise<void> {
  for (const backend of BACKEND_NAMES) {
    await loadBackend(backend).catch(() => undefined);
    for (const flag of BACKENDS[backend].reportedFlags) {
      try {
        await tf.env().getAsync(flag);
      } catch {
        // A flag of a backend this build does not register: the report lists registered flags only.
      }
    }
  }
}
