import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), chunkModules()],
  worker: { format: 'es', plugins: () => [chunkModules()] },
  build: {
    manifest: true,
    rollupOptions: { input: { main: 'index.html', bench: 'bench.html' } },
  },
  server: { port: 5173, strictPort: false, headers: ISOLATION_HEADERS },
  preview: { port: 4173, headers: ISOLATION_HEADERS },
});
