import type { OwnerPort } from './deviceClient';

/** Starts the device worker; Vite bundles it (and TensorFlow.js) as its own chunk, never the page's. */
export function spawnDeviceWorker(): OwnerPort {
  const worker = new Worker(new URL('../owner/worker.ts', import.meta.url), { type: 'module', name: 'device' });
  // A Worker is an OwnerPort whose handlers are typed for any message; the owner only ever posts OwnerEvent.
  return worker as unknown as OwnerPort;
}
