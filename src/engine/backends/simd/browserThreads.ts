import type { ThreadSpawner } from './runtime';

/** A kernel pool thread in a browser: a worker nested in the device worker, running kernelThread.ts. */
export const spawnKernelThread: ThreadSpawner = ({ module, memory, ctrl, index }) => {
  const worker = new Worker(new URL('./kernelThread.ts', import.meta.url), { type: 'module', name: 'wasm-kernel-thread' });
  worker.postMessage({ module, memory, ctrl, index });
  return worker;
};
