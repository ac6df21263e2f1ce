import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-webgl';
import '@tensorflow/tfjs-backend-webgpu';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlainUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreadedUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import type { BackendName } from '../../config/backends';

setWasmPaths({
  'tfjs-backend-wasm.wasm': wasmPlainUrl,
  'tfjs-backend-wasm-simd.wasm': wasmSimdUrl,
  'tfjs-backend-wasm-threaded-simd.wasm': wasmThreadedUrl,
});

/** Flags worth recording next to a measurement, per backend. */
const REPORTED_FLAGS: Record<BackendName, string[]> = {
  cpu: ['IS_BROWSER', 'PROD'],
  wasm: ['WASM_HAS_SIMD_SUPPORT', 'WASM_HAS_MULTITHREAD_SUPPORT'],
  webgl: ['WEBGL_VERSION', 'WEBGL_CPU_FORWARD', 'WEBGL_PACK', 'WEBGL_RENDER_FLOAT32_ENABLED', 'WEBGL_FORCE_F16_TEXTURES', 'WEBGL_USE_SHAPES_UNIFORMS'],
  webgpu: ['WEBGPU_CPU_FORWARD', 'WEBGPU_USE_LOW_POWER_GPU', 'WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE'],
};

/**
 * Switches tfjs to exactly this backend, or throws: never falls back silently.
 * Returns what tf.getBackend() reports afterwards.
 */
export async function activateBackend(name: BackendName): Promise<BackendName> {
  let ok = false;
  try {
    ok = await tf.setBackend(name);
  } catch (err) {
    throw new Error(`Could not start the ${name} backend: ${err instanceof Error ? err.message : String(err)}`);
  }
  const actual = tf.getBackend();
  if (!ok || actual !== name) {
    throw new Error(`Could not start the ${name} backend (tfjs reports "${actual ?? 'none'}"); no other backend was substituted.`);
  }
  await tf.ready();
  return name;
}

export function reportedFlags(name: BackendName): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flag of REPORTED_FLAGS[name]) {
    try {
      out[flag] = tf.env().get(flag);
    } catch {
      out[flag] = 'not registered';
    }
  }
  return out;
}
