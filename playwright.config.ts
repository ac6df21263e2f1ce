import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './scripts/chromium';
import type { BackendOptions } from './e2e/fixtures';

// E2E_PORT lets two checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig<BackendOptions>({
  testDir: './e2e',
  // Software-rendered backends compete for 2 cores: one test at a time keeps timings sane.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 60_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'off',
    // The app's service worker is hosting.spec's subject; elsewhere it would only precache the app again for every test.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'cpu', use: { backend: 'cpu' } },
    { name: 'webgl', use: { backend: 'webgl' } },
    { name: 'webgpu', use: { backend: 'webgpu' } },
  ],
  // Serves the build that `npm test` (or `npm run test:e2e`) has just made.
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
  },
});
