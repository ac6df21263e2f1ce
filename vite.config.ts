import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);

/**
 * Cross-origin isolation: SharedArrayBuffer, hence the wasm backend's threads, needs both. A static
 * host must send the same two headers (README, "Serving the build").
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Writes dist/chunk-modules.json: every chunk with the module ids inside it, for the bundle budget check. */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? [{ fileName: item.fileName, isEntry: item.isEntry, imports: item.imports, dynamicImports: item.dynamicImports, modules: Object.keys(item.modules) }] : [],
      );
      this.emitFile({ type: 'asset', fileName: 'chunk-modules.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}

/**
 * tfjs-backend-wasm starts its threads from a Blob holding `wasmFactoryThreadedSimd.toString()`: once
 * the bundle is minified that source refers to renamed names of the bundle ("e is not defined") and
 * every thread dies. This gives the Blob the package's own, unminified factory instead.
 */
function wasmThreadsWorkerSource(): Plugin {
  const DECLARATION = 'var WasmBackendModuleThreadedSimd = ';
  return {
    name: 'tfjs-wasm-threads-worker-source',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('@tensorflow/tfjs-backend-wasm/dist/backend_wasm.js')) return null;
      const call = 'wasmFactoryThreadedSimd.toString()';
      if (!code.includes(call)) this.error(`tfjs-backend-wasm changed: ${call} not found; the threads fix needs a look`);
      const factory = readFileSync(require.resolve('@tensorflow/tfjs-backend-wasm/wasm-out/tfjs-backend-wasm-threaded-simd.js'), 'utf8');
      const start = factory.indexOf(DECLARATION);
      const end = factory.indexOf(';\nif (typeof exports');
      if (start < 0 || end < 0) this.error('tfjs-backend-wasm changed: its threaded factory has another shape; the threads fix needs a look');
      return code.replace(call, JSON.stringify(factory.slice(start + DECLARATION.length, end)));
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkModules()],
  worker: { format: 'es', plugins: () => [wasmThreadsWorkerSource(), chunkModules()] },
  build: {
    manifest: true,
    rollupOptions: { input: { main: 'index.html', bench: 'bench.html' } },
  },
  // The export check's TensorFlow venv is tens of thousands of files the dev server has no reason to watch.
  server: { port: 5173, strictPort: false, headers: ISOLATION_HEADERS, watch: { ignored: ['**/.venv-export/**'] } },
  preview: { port: 4173, headers: ISOLATION_HEADERS },
});
