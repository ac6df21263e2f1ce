/**
 * Whether WebAssembly can run threads here at all: shared memory, which a browser gives only to a cross-origin
 * isolated page, and not always then (WebKit is isolated yet has none). Node has no isolation to ask for.
 */
export function sharedMemoryHere(): boolean {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated !== false;
}
