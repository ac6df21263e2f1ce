/**
 * Finds and compiles the kernel binaries scripts/buildKernels.ts wrote to ./build: fetched in a browser
 * (Vite turns each `new URL(…, import.meta.url)` into an asset of the build), read from disk under
 * Node. Relaxed SIMD where the engine validates it, else plain SIMD; a shared-memory build where the
 * engine can import shared memory.
 */
import type { KernelModules } from './runtime';
import { msg, MessageError } from '../../../i18n/message';

// One literal per file: Vite only rewrites `new URL('literal', import.meta.url)`.
const URLS = {
  'plain-unshared': new URL('./build/kernels-plain-unshared.wasm', import.meta.url),
  'plain-shared': new URL('./build/kernels-plain-shared.wasm', import.meta.url),
  'relaxed-unshared': new URL('./build/kernels-relaxed-unshared.wasm', import.meta.url),
  'relaxed-shared': new URL('./build/kernels-relaxed-shared.wasm', import.meta.url),
};

type BinaryName = keyof typeof URLS;

function compile(simd: 'plain' | 'relaxed', read: (name: BinaryName) => Uint8Array<ArrayBuffer>): KernelModules | null {
  const unshared = read(`${simd}-unshared`);
  if (!WebAssembly.validate(unshared)) return null;
  const shared = read(`${simd}-shared`);
  return { simd, unshared: new WebAssembly.Module(unshared), shared: WebAssembly.validate(shared) ? new WebAssembly.Module(shared) : null };
}

function compileBest(read: (name: BinaryName) => Uint8Array<ArrayBuffer>): KernelModules | null {
  return compile('relaxed', read) ?? compile('plain', read);
}

/** Under Node: reads the files synchronously (Node 20.16+ gives fs without an import Vite would follow). */
export function compileKernelsInNode(): KernelModules | null {
  const fs = process.getBuiltinModule('node:fs');
  return compileBest((name) => new Uint8Array(fs.readFileSync(URLS[name])));
}

/** In a browser (the device worker): fetches the four small files, then compiles the best pair. */
export async function compileKernelsInBrowser(): Promise<KernelModules | null> {
  const entries = await Promise.all(
    (Object.keys(URLS) as BinaryName[]).map(async (name) => {
      const response = await fetch(URLS[name]);
      if (!response.ok) throw new MessageError(msg('engine.backend.kernelsNotLoaded', { file: URLS[name].pathname, status: String(response.status) }));
      return [name, new Uint8Array(await response.arrayBuffer())] as const;
    }),
  );
  const bytes = new Map<BinaryName, Uint8Array>(entries);
  return compileBest((name) => bytes.get(name) as Uint8Array<ArrayBuffer>);
}
