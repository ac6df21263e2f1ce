import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // The learning tests train on real MNIST with the plain-JS cpu backend: about a minute each on an idle
    // 2-core CI machine, two or more when that machine is shared; a hang still fails within 5 minutes.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // tfjs keeps global engine state; one file per worker process keeps it isolated.
    pool: 'forks',
    // Every language's catalog, synchronously (the page loads a non-English one on demand).
    setupFiles: ['src/i18n/loadAllCatalogs.ts'],
  },
});
