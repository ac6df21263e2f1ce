import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { ISOLATION_HEADERS } from './src/config/hosting.js';
import { hostingAssets } from './scripts/hosting/hostingAssets.js';

const require = createRequire(import.meta.url);

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
  // Relative URLs: one dist/ works at a host's root and under any sub-path (README, "Hosting it for a room").
  base: './',
  plugins: [
    react(),
    chunkModules(),
    hostingAssets(),
    // The app's own service worker (src/serviceWorker/sw.ts): isolation headers on any host, the app offline, updates on Reload.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell, workers, WebAssembly and icons up front; of the data sets only their small manifests (the sets are cached when used).
        globPatterns: ['**/*.{html,js,css,wasm,png,webmanifest}', 'data/*/manifest.json'],
        globIgnores: ['bench.html', 'chunk-modules.json'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        rollupFormat: 'iife',
      },
    }),
  ],
  worker: { format: 'es', plugins: () => [wasmThreadsWorkerSource(), chunkModules()] },
  build: {
    manifest: true,
    // No plugin-timing report: on a loaded 2-core machine the service worker's build step crosses Rolldown's threshold
    // and prints a page of notes, information only, into every quiet `npm test`.
    rollupOptions: { input: { main: 'index.html', bench: 'bench.html' }, checks: { bundlerTimings: false } },
  },
  // The export check's TensorFlow venv is tens of thousands of files the dev server has no reason to watch.
  server: { port: 5173, strictPort: false, headers: ISOLATION_HEADERS, watch: { ignored: ['**/.venv-export/**'] } },
  preview: { port: 4173, headers: ISOLATION_HEADERS },
});
