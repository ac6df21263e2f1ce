import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A test that trains for real (on wasm, or the dense MLP on cpu) takes seconds on an idle 2-core machine,
    // many times that when the machine is shared; a hang still fails within 5 minutes.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // tfjs keeps global engine state; one file per worker process keeps it isolated.
    pool: 'forks',
    // One file per core: vitest's default (cores − 1) leaves one of a 2-core machine's cores idle, while its
    // main process only gathers results.
    maxWorkers: availableParallelism(),
    // Every language's catalog, synchronously (the page loads a non-English one on demand).
    setupFiles: ['src/i18n/loadAllCatalogs.ts'],
  },
});
