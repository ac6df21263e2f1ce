import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { useSwiftShaderUnlessChosen } from './src/engine/gpu/testing/vulkanDriver';

// The engine's WebGPU tests run on Dawn in Node (src/engine/gpu/testing/dawn.ts), whose Vulkan driver is read from the
// environment the workers start with.
useSwiftShaderUnlessChosen();

/** The pure layers' tests: no TensorFlow.js, no worker, no module state a test leaves behind. */
const PURE = ['src/config/**/*.test.ts', 'src/serviceWorker/**/*.test.ts', 'src/metrics/**/*.test.ts', 'src/share/**/*.test.ts', 'src/i18n/**/*.test.ts', 'src/ui/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // A test that trains for real (on wasm, or the dense MLP on cpu) takes seconds on an idle 2-core machine,
    // many times that when the machine is shared; a hang still fails within 5 minutes.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // One file per core: vitest's default (cores − 1) leaves one of a 2-core machine's cores idle, while its
    // main process only gathers results.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // Pure modules load once per thread, not once per file: a third of the time of these 84 files (CI time).
        // Every language's catalog, synchronously (the page loads a non-English one on demand); the engine's tests
        // compare message ids and never format them.
        test: { name: 'pure', include: PURE, pool: 'threads', isolate: false, setupFiles: ['src/i18n/loadAllCatalogs.ts'] },
      },
      {
        extends: true,
        // tfjs keeps global engine state; one file per worker process keeps it isolated.
        test: { name: 'engine', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: PURE, pool: 'forks', isolate: true },
      },
    ],
  },
});
