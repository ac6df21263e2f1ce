import { afterEach, describe, expect, it, vi } from 'vitest';
import { wasmRuntime } from './wasm';
import { wasmThreads } from './wasmThreads';

/** A browser worker as each engine shows it: isolation, shared memory, the cores navigator reports. */
function browser({ isolated, sharedMemory, cores }: { isolated: boolean; sharedMemory: boolean; cores: number }): void {
  vi.stubGlobal('crossOriginIsolated', isolated);
  if (!sharedMemory) vi.stubGlobal('SharedArrayBuffer', undefined);
  vi.stubGlobal('navigator', { hardwareConcurrency: cores });
}

describe('how many WebAssembly threads run, and what the card says', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('every reported core where shared memory is given (Chromium, Firefox, isolated)', async () => {
    browser({ isolated: true, sharedMemory: true, cores: 2 });
    expect(wasmThreads()).toBe(2);
    expect((await wasmRuntime.probe()).reason).toEqual({ id: 'engine.backend.wasm.threads' });
  });

  it('one thread in WebKit, which is isolated and reports 4 cores on 2 yet gives no SharedArrayBuffer: the card says so', async () => {
    browser({ isolated: true, sharedMemory: false, cores: 4 });
    expect(wasmThreads()).toBe(1);
    expect((await wasmRuntime.probe()).reason).toEqual({ id: 'engine.backend.wasm.noSharedMemory' });
  });

  it('one thread on a page served without the isolation headers, however many cores', async () => {
    browser({ isolated: false, sharedMemory: true, cores: 16 });
    expect(wasmThreads()).toBe(1);
    expect((await wasmRuntime.probe()).reason).toEqual({ id: 'engine.backend.wasm.oneThread' });
  });
});
