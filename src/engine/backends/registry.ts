import type { BackendAvailability, BackendName } from '../../config/backends';
import { BACKEND_NAMES } from '../../config/backends';
import { cpuRuntime } from './cpu';
import type { BackendRuntime } from './runtime';
import { wasmRuntime } from './wasm';
import { webglRuntime } from './webgl';
import { webgpuRuntime } from './webgpu';

/** Every backend of config/backends.ts with its runtime: the compiler refuses one without the other. */
export const BACKEND_RUNTIMES: Record<BackendName, BackendRuntime> = {
  cpu: cpuRuntime,
  wasm: wasmRuntime,
  webgl: webglRuntime,
  webgpu: webgpuRuntime,
};

/** Every backend's availability here, in the order the pages list them. */
export async function detectBackends(): Promise<BackendAvailability[]> {
  return Promise.all(BACKEND_NAMES.map(async (name) => ({ name, ...(await BACKEND_RUNTIMES[name].probe()) })));
}
