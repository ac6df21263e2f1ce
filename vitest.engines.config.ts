import { defineConfig } from 'vitest/config';

/**
 * The journeys in Firefox and WebKit (e2e/engines, `npm run test:engines`): one engine at a time, each in one
 * browser, against the build `vite preview` serves. A browser keeps most of two cores busy, as in the e2e step.
 */
export default defineConfig({
  test: {
    include: ['e2e/engines/*.journey.ts'],
    globalSetup: ['e2e/engines/serve.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
