import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { ModelPanelPage } from './pages/modelPanel';
import { PlaygroundPage } from './pages/playgroundPage';

/** Checkpoints and files are the point, not the backend: WebAssembly trains the CNN in a fraction of the plain-JS backend's time. */
const RUN_ON = 'wasm';
const TINY_RUN = { model: 'tiny', batchSize: '32', learningRate: '0.01', trainExamples: '640', testExamples: '200', epochs: '1', seed: '7' };

const EXPORT_FILES = ['README.md', 'check.npz', 'model_topology.json', 'requirements.txt', 'run.json', 'train.py', 'verify.py', 'weights.npz'];

test('saves a trained tiny CNN, reloads the page, loads it from History, evaluates it to the same accuracy; exports it for TensorFlow', async ({ playground: p, page, backend }) => {
  test.skip(backend !== 'cpu', 'saving, loading and exporting write and read the same files on every backend; one project runs them (CI time)');
  const models = new ModelPanelPage(page);
  await p.open();
  await p.chooseBackend(RUN_ON);
  await p.setFields(TINY_RUN);
  await p.button('train').click();
  await expect(p.runState()).toHaveText('finished', { timeout: 150_000 });
  const accuracy = /^([\d.]+%)/.exec(await p.stat('test-accuracy').innerText())?.[1];
  expect(accuracy).toMatch(/%$/);
  await expect(page.getByTestId('history-save-status')).toHaveText('Kept in the history.');

  await models.button('save').click();
  await expect(models.note()).toContainText('Saved gpu-playground-tiny-mnist-step20.gpck in this browser');

  const zip = await models.download(models.button('export'));
  expect(zip.suggestedFilename()).toBe('gpu-playground-tiny-mnist-keras.zip');
  const files = Object.keys(unzipSync(new Uint8Array(await readFile(await zip.path()))));
  expect(files.sort()).toEqual(EXPORT_FILES.map((f) => `gpu-playground-tiny-mnist-keras/${f}`));

  const file = await models.download(models.button('download'));
  expect(file.suggestedFilename()).toBe('gpu-playground-tiny-mnist-step20.gpck');
  const gpck = await readFile(await file.path());

  await page.reload();
  await page.getByTestId('tab-history').click();
  await expect(models.savedModels()).toHaveCount(1);
  await models.loadFromRun().click();
  await expect(page.getByTestId('view-train')).toBeVisible();
  await expect(models.loadedDetail()).toContainText(`step 20 (epoch 1 of 1)`);
  await expect(models.loadedDetail()).toContainText(`test accuracy ${accuracy}`);
  await p.chooseBackend(RUN_ON);
  await models.button('evaluate').click();
  await expect(models.loadedAccuracy()).toHaveText(accuracy ?? '');

  // A damaged copy of the downloaded file is refused with the validator's message; what was loaded and saved stays.
  await models.pickFile('damaged.gpck', gpck.subarray(0, gpck.length - 8));
  await expect(models.error()).toContainText('Not a usable checkpoint: it is cut short');
  await expect(models.loadedAccuracy()).toHaveText(accuracy ?? '');
  await page.getByTestId('tab-history').click();
  await expect(models.savedModels()).toHaveCount(1);
  await expect(page.getByTestId('history-entry')).toHaveCount(1);

  // Continue training it: one more epoch, counted on from step 20, its first points after 20.
  await page.getByTestId('tab-train').click();
  await models.button('continue').click();
  await expect(p.runState()).toHaveText('finished', { timeout: 150_000 });
  await expect(p.stat('step')).toHaveText('40 / 40 (epoch 2)');
  await expect(p.errorMessage()).toHaveCount(0);
});

/** A chart's "Show as table" rows: each step with its cells, by column heading. */
async function chartRows(chart: Locator): Promise<{ step: number; cells: Record<string, string> }[]> {
  const toggle = chart.getByTestId(`${await chart.getAttribute('data-testid')}-table-toggle`);
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const table = chart.locator('table');
  const headings = await table.locator('thead th').allInnerTexts();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
  return rows.map(([step, ...cells]) => ({ step: Number(step.replace(/,/g, '')), cells: Object.fromEntries(cells.map((cell, i) => [headings[i + 1], cell])) }));
}

test('exports a trained MLP GAN for TensorFlow: both networks in the zip; saves the run in this browser and downloads it, loads it after a reload and continues it, its saved curves drawn first', async ({ page, backend }, testInfo) => {
  test.skip(backend !== 'cpu', 'saving, loading and exporting write and read the same files on every backend; one project runs them (CI time)');
  const gan = new PlaygroundPage(page, 'gan');
  await gan.open();
  await gan.chooseBackend(backend);
  await gan.setFields({ model: 'mlp', digit: '1', batchSize: '16', steps: '3', seed: '3' });
  await gan.button('train').click();
  await expect(gan.runState()).toHaveText('finished', { timeout: 150_000 });
  const exportButton = gan.root.getByTestId('btn-gan-export');
  await expect(exportButton).toBeEnabled();
  const download = page.waitForEvent('download');
  await exportButton.click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe('gpu-playground-mlp-mnist-keras.zip');
  const files = Object.keys(unzipSync(new Uint8Array(await readFile(await zip.path())))).map((f) => f.replace(/^[^/]+\//, ''));
  expect(files.sort()).toEqual(['README.md', 'check.npz', 'discriminator_topology.json', 'generator_topology.json', 'requirements.txt', 'run.json', 'train.py', 'verify.py', 'weights.npz']);

  // Saved in this browser, listed in History beside its run.
  await expect(gan.root.getByTestId('history-save-status')).toHaveText('Kept in the history.');
  await gan.root.getByTestId('btn-gan-save').click();
  await expect(gan.root.getByTestId('gan-export-note')).toHaveText('Saved gpu-playground-mlp-mnist-step3.gpck in this browser: the History tab lists it.');

  // The run's whole state as one file, loaded back after a reload and continued on WebAssembly for as many steps again.
  const gpckDownload = page.waitForEvent('download');
  await gan.root.getByTestId('btn-gan-download').click();
  const gpck = await gpckDownload;
  expect(gpck.suggestedFilename()).toBe('gpu-playground-mlp-mnist-step3.gpck');
  // Kept under its own name and handed to the file input by path: as a buffer, Playwright sends the 24 MB file through
  // the protocol (12 s), by path the browser reads it from disk.
  const gpckPath = testInfo.outputPath(gpck.suggestedFilename());
  await gpck.saveAs(gpckPath);
  await page.reload();
  const models = new ModelPanelPage(page);
  await page.getByTestId('tab-history').click();
  const saved = models.savedModels();
  await expect(saved).toHaveCount(1);
  await expect(saved.getByTestId('saved-model-title')).toHaveText('MLP GAN on MNIST digits');
  await expect(saved.getByTestId('saved-model-detail')).toHaveText(/^step 3 of 3 · D loss [\d.]+ · G loss [\d.]+ · trained on CPU \(plain JS\)$/);
  await expect(models.loadFromRun()).toHaveCount(1);
  await saved.getByTestId('btn-saved-model-load').click();
  await expect(gan.root).toBeVisible();
  await expect(gan.root.getByTestId('gan-loaded-detail')).toHaveText(/^MLP GAN on CPU \(plain JS\), step 3 of 3 \(saved \d\d:\d\d\) · from this browser \(saved .+\)$/);
  await expect(gan.root.getByTestId('btn-gan-continue')).toBeEnabled();

  // The downloaded file loads the same run.
  await gan.root.getByTestId('gan-file-input').setInputFiles(gpckPath);
  await expect(gan.root.getByTestId('gan-loaded-detail')).toHaveText(/^MLP GAN on CPU \(plain JS\), step 3 of 3 \(saved \d\d:\d\d\) · from file gpu-playground-mlp-mnist-step3\.gpck$/);
  await gan.chooseBackend(RUN_ON);
  await gan.root.getByTestId('btn-gan-continue').click();
  await expect(gan.runState()).toHaveText('finished', { timeout: 150_000 });
  await expect(gan.stat('step')).toHaveText(/^6 \/ 6\b/);
  await expect(gan.errorMessage()).toHaveCount(0);

  // The loss chart draws the saved run's D and G losses, dimmed, up to step 3, then the continued run's own from step 4.
  const rows = await chartRows(gan.root.getByTestId('chart-gan-loss'));
  const has = (cell: string | undefined) => cell !== undefined && cell !== '–';
  const prior = rows.filter((r) => has(r.cells['D loss up to the checkpoint']) && has(r.cells['G loss up to the checkpoint']));
  const own = rows.filter((r) => has(r.cells['D loss']) && has(r.cells['G loss']));
  expect(prior.length, 'the checkpoint’s curves are drawn').toBeGreaterThan(0);
  expect(Math.max(...prior.map((r) => r.step))).toBeLessThanOrEqual(3);
  expect(Math.min(...own.map((r) => r.step))).toBeGreaterThanOrEqual(4);
  expect(await gan.chartPoints('gan-loss')).toBe(2 * (prior.length + own.length));
});
