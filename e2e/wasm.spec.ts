import { BACKEND_LABELS } from '../src/config/backends';
import { expect, test } from './fixtures';
import { LabPage } from './pages/labPage';
import { downloadTensorBoardLog, stepsByTag } from './tensorboard';

/**
 * The tiny CNN, small enough for a few seconds of WebAssembly on two cores a pass; 100 passes (10,000 steps), so the
 * run is still going when the journey stops it (5 passes were once all done before Stop was pressed).
 */
const TINY_RUN = { model: 'tiny', batchSize: '32', learningRate: '0.01', trainExamples: '3200', testExamples: '500', epochs: '100', seed: '7' };

// WebAssembly runs on the CPU in every project alike: these journeys run once, in the cpu project (the MLP GAN's
// on WebAssembly is gan.spec's).
test.describe('WebAssembly journeys', () => {
  test.beforeEach(({ backend }) => {
    test.skip(backend !== 'cpu', 'WebAssembly is the same in every project: one run covers it');
  });

  test("trains the tiny CNN on WebAssembly from the Train view: loss falls, tensors flat; the app's kernels ran on every core", async ({ playground: p, page }) => {
    await p.open();
    await p.chooseBackend('wasm');
    await p.setFields(TINY_RUN);
    await p.button('train').click();
    await expect(p.stat('backend')).toHaveText(BACKEND_LABELS.wasm);
    await p.waitForSteps(20);
    await expect
      .poll(async () => {
        const l = await p.losses();
        return l ? l.latest / l.first : 1;
      }, { message: 'train loss falls below 85% of its first value', timeout: 120_000 })
      .toBeLessThan(0.85);
    const tensorCounts = await p.tensorCountsOverSteps(4);
    expect(new Set(tensorCounts).size, `tensor counts ${tensorCounts.join(', ')}`).toBe(1);
    await p.button('stop').click();
    await expect(p.runState()).toHaveText('stopped');
    await expect(p.errorMessage()).toHaveCount(0);

    // The run's TensorBoard log: scalars per window, the weights' histograms at each epoch end and where it stopped, the settings.
    const stoppedAt = await p.stepCount();
    const log = await downloadTensorBoardLog(page, p.root.getByTestId('btn-tensorboard-cnn'));
    expect(log.name).toMatch(/^events\.out\.tfevents\.\d+\.gpu-playground$/);
    expect(log.events[0].fileVersion).toBe('brain.Event:2');
    const steps = stepsByTag(log.events);
    for (const tag of ['train/loss', 'train/accuracy', 'speed/examples_per_sec', 'speed/step_ms', 'memory/bytes', 'memory/tensors']) expect(steps[tag]?.at(-1), tag).toBe(stoppedAt);
    const histograms = Object.keys(steps).filter((tag) => tag.startsWith('weights/'));
    expect(histograms.length, 'a kernel and a bias for each of the tiny CNN’s layers').toBeGreaterThanOrEqual(4);
    const STEPS_PER_EPOCH = Number(TINY_RUN.trainExamples) / Number(TINY_RUN.batchSize);
    const taken = [...new Set([...Array.from({ length: Math.floor(stoppedAt / STEPS_PER_EPOCH) }, (_, i) => (i + 1) * STEPS_PER_EPOCH), stoppedAt])];
    for (const tag of histograms) expect(steps[tag], 'at each epoch end and where the run stopped').toEqual(taken);
    const settings = log.events.flatMap((e) => e.values).find((v) => v.tag === 'run/settings');
    expect(settings?.pluginName).toBe('text');
    expect(settings?.strings?.[0]).toContain('| backend | wasm |');

    // The device report read after the run: the app's kernels, and as many threads as the page may use.
    const lab = new LabPage(page);
    await lab.open();
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const isolated = await page.evaluate(() => crossOriginIsolated);
    await expect(lab.byId('device-wasm-kernels')).toHaveText(/^the app's own, (relaxed SIMD|SIMD128)/);
    const threads = Number(await lab.byId('device-wasm-threads').innerText());
    const xnnpack = Number(await lab.byId('device-xnnpack-threads').innerText());
    if (cores >= 2 && isolated) {
      expect(threads, `${cores} cores, isolated page`).toBeGreaterThan(1);
      expect(xnnpack, `XNNPACK's pool, ${cores} cores, isolated page`).toBeGreaterThan(1);
    } else expect([threads, xnnpack]).toEqual([1, 1]);
  });
});
