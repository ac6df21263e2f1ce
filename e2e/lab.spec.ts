import { test as base, expect } from './fixtures';
import { LabPage } from './pages/labPage';
import type { BackendName } from '../src/config/backends';

/** Small enough for SwiftShader WebGL/WebGPU on two cores: a few seconds a step at most. */
const TINY = { model: 'tiny', batchSize: '16', warmupSteps: '1', measuredSteps: '3' };
const RACED: BackendName[] = ['cpu', 'webgl', 'webgpu'];
const MS = /^\d+(\.\d+)?(k|M)? ms$/;

const test = base.extend<{ lab: LabPage }>({
  lab: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await use(new LabPage(page));
    if (errors.length) throw new Error(`Uncaught page errors: ${errors.join('; ')}`);
  },
});

test.describe('benchmark lab, every backend in one run', () => {
  test.beforeEach(({ backend }) => {
    test.skip(backend !== 'cpu', 'these cover every backend in one run');
  });

  test('the device report shows the WebGPU adapter architecture and the WebGL renderer, and copies as text', async ({ lab, page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await lab.open();
    const architecture = lab.byId('device-webgpu-architecture');
    await expect(architecture).toHaveText(/\S/);
    await expect(architecture).not.toHaveText(/^not available/);
    await expect(lab.byId('device-webgl-renderer')).toHaveText(/\S/);
    await expect(lab.byId('device-webgl-renderer')).not.toHaveText(/^not available/);
    await expect(lab.byId('device-tfjs-version')).toHaveText(/^\d+\.\d+\.\d+$/);
    // The page is cross-origin isolated, so the threaded WebAssembly build starts, on every core.
    await expect(lab.byId('device-isolated')).toHaveText('yes');
    await expect(lab.byId('device-wasm-simd')).toHaveText('yes');
    await expect(lab.byId('device-wasm-threads')).toHaveText(/^\d+$/);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const threads = Number(await lab.byId('device-wasm-threads').innerText());
    // XNNPACK's own pool, as XNNPACK reports it: TensorFlow.js would give it half the cores (1 of 2).
    const xnnpack = Number(await lab.byId('device-xnnpack-threads').innerText());
    if (cores >= 2) {
      expect(threads, `${cores} cores`).toBeGreaterThan(1);
      expect(xnnpack, `${cores} cores`).toBeGreaterThan(1);
    } else expect([threads, xnnpack]).toEqual([1, 1]);

    await lab.byId('btn-device-copy').click();
    await expect(lab.byId('device-copy-status')).toHaveText('Copied to the clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`  Adapter architecture: ${await architecture.innerText()}`);
    expect(copied).toContain(`  Unmasked renderer: ${await lab.byId('device-webgl-renderer').innerText()}`);
  });

  // The race of every backend (both speed-ups, median, first step, the chart) is software-gpu.spec's race, which
  // also checks its software-GPU marks and its link: one race of four backends, not two (CI time).

  test('the size sweep draws a point per size for each backend and explains the crossover', async ({ lab }) => {
    await lab.open();
    await lab.chooseBackends(RACED);
    await lab.setWorkload({ matmulFrom: '32', matmulTo: '256' });
    await lab.run('matmul');
    await lab.waitUntilDone('matmul');
    for (const backend of RACED) {
      expect(await lab.chartPoints('matmul-chart', backend), `${backend} points`).toBe(4);
      await expect(lab.byId(`matmul-cell-${backend}-256`)).toHaveText(/^\d+(\.\d+)?(k|M)? \(\d+(\.\d+)?(k|M)? ms\)$/);
    }
    // SwiftShader is the CPU: its curve is no GPU/CPU crossover, and the page says so instead of naming one.
    await expect(lab.byId('matmul-crossover-webgl')).toHaveText(
      'WebGL runs on the CPU here (SwiftShader): its curve against CPU (plain JS) compares two CPU implementations, not a GPU with the CPU.',
    );
    await expect(lab.byId('matmul-crossover-webgpu')).toHaveText(
      'WebGPU runs on the CPU here (SwiftShader): its curve against CPU (plain JS) compares two CPU implementations, not a GPU with the CPU.',
    );
    await expect(lab.byId('matmul-software-gpu-note')).toBeVisible();
  });

  // The parity check of every backend runs on software-gpu.spec's race page, after the race: the same page's WebGL and
  // WebGPU have compiled the tiny CNN's shaders by then (CI time).

  test('cancel stops a race mid-way and the page stays usable', async ({ lab }) => {
    await lab.open();
    await lab.setWorkload({ ...TINY, measuredSteps: '500' });
    await lab.chooseBackends(RACED);
    await lab.run('race');
    await expect(lab.byId('race-progress-message')).toHaveText(/^CPU \(plain JS\): step \d+ of 501/, { timeout: 60_000 });
    await lab.button('race', 'cancel').click();
    await expect(lab.status('race')).toHaveText('cancelled', { timeout: 30_000 });
    await expect(lab.button('race', 'cancel')).toBeDisabled();
    await expect(lab.byId('race-row-webgpu')).toContainText('not run');
    await expect(lab.raceCell('cpu', 'speedup')).toHaveCount(0);

    await lab.setWorkload({ measuredSteps: '2' });
    await lab.chooseBackends(['cpu']);
    await lab.run('race');
    await lab.waitUntilDone('race');
    await expect(lab.raceCell('cpu', 'speedup')).toHaveText('1×');
  });
});

test('anatomy of a step, kernel profile and batch sweep on this project\'s backend, on one page', async ({ lab, backend }) => {
  await lab.open();
  await lab.setWorkload(TINY);
  await lab.setWorkload({ anatomyBackend: backend, everyK: '2', syncSteps: '4' });
  await lab.run('anatomy');
  await lab.waitUntilDone('anatomy');
  for (const phase of ['upload', 'compute', 'readback']) await expect(lab.byId(`anatomy-${phase}-ms`)).toHaveText(MS);
  await expect(lab.byId('anatomy-kernel-ms')).toHaveText(new RegExp(`${MS.source}|^unavailable on this device$`));
  await lab.byId('anatomy-sync-every-step').check();
  const everyStep = await lab.byId('anatomy-sync-ms').innerText();
  await lab.byId('anatomy-sync-every-k').check();
  await expect(lab.byId('anatomy-sync-ms')).toHaveText(MS);
  await expect(lab.byId('anatomy-sync-compare')).toContainText(`syncing every step took ${everyStep} per step`);

  await lab.setWorkload({ profileBackend: backend });
  await lab.run('profile');
  await lab.waitUntilDone('profile');
  await expect(lab.byId('profile-top-row-0')).toBeVisible();
  await expect(lab.byId('profile-top')).toContainText('Conv2D');
  await expect(lab.byId('profile-time-source')).toHaveText(/\S/);

  // Each point of a batch sweep is timed and profiled by the race's code (src/engine/lab/sweepJobs.ts), which
  // software-gpu.spec's race runs on WebGPU; SwiftShader's WebGPU makes a sweep slow (CI time).
  if (backend === 'webgpu') return;
  // A generous budget per point: on two busy cores a software GPU step can take seconds.
  await lab.setWorkload({ ...TINY, measuredSteps: '2', batchFrom: '16', batchTo: '32', sweepBudgetSeconds: '300' });
  await lab.chooseBackends([backend]);
  await lab.run('batch');
  await lab.waitUntilDone('batch');
  expect(await lab.chartPoints('batch-chart', backend)).toBe(2);
  for (const batch of [16, 32]) await expect(lab.byId(`batch-cell-${backend}-${batch}`)).toHaveText(/^\d+(\.\d+)?(k|M)? \(\d+(\.\d+)? MB\)$/);
  await expect(lab.byId(`batch-stop-${backend}`)).toHaveCount(0);
});
