import { deflateRawSync } from 'node:zlib';
import type { BackendName } from '../src/config/backends';
import { formatNumber } from '../src/share/format';
import { defaultCnnConfig } from '../src/config/cnnConfig';
import { test as base, expect } from './fixtures';
import { LabPage } from './pages/labPage';
import { PlaygroundPage } from './pages/playgroundPage';
import { SharePage } from './pages/sharePage';

/** A race small enough for SwiftShader on two cores. */
const TINY_RACE = { model: 'tiny', batchSize: '16', warmupSteps: '1', measuredSteps: '3' };
/** Two CPU backends: sharing is the point, and a software GPU's marks on a link are software-gpu.spec's. */
const RACED: BackendName[] = ['cpu', 'wasm'];
/** A CNN run of a few steps: 100 examples, batch 32, one epoch. */
const TINY_RUN = { model: 'tiny', batchSize: '32', trainExamples: '100', testExamples: '100', epochs: '1', seed: '5' };
const RUN_TIMEOUT_MS = 150_000;

interface SharedDoc {
  createdAt: string;
  rows: { backend: string; examplesPerSec: number; medianStepMs: number }[];
  curves: { name: string; points: [number, number][] }[];
  device: Record<string, unknown>;
  race: { backends: string[] } | null;
}

const test = base.extend<{ share: SharePage }>({
  share: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await use(new SharePage(page));
    if (errors.length) throw new Error(`Uncaught page errors: ${errors.join('; ')}`);
  },
});

test.beforeEach(({ backend }) => {
  test.skip(backend !== 'cpu', 'sharing is one journey over the two CPU backends; one project runs it');
});

test('a shared race opens elsewhere without running, runs here for a side-by-side comparison, and both runs stay in the history', async ({ share, page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const lab = new LabPage(page);
  await lab.open();
  await lab.setWorkload(TINY_RACE);
  await lab.chooseBackends(RACED);
  await lab.run('race');
  await lab.waitUntilDone('race');

  const bar = share.runShare('race');
  const { link, status } = await share.share(bar);
  expect(status).toBe(`Link copied to the clipboard (${link.length.toLocaleString('en-US')} characters).`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  test.info().annotations.push({ type: 'race link characters', description: String(link.length) });

  const senderThroughput = new Map<string, string>();
  for (const backend of RACED) senderThroughput.set(backend, await lab.raceCell(backend, 'examples-per-sec').innerText());

  // The JSON export is the document the link carries, and holds the figures the page shows.
  const exported = await share.download(bar.getByTestId('export-json'));
  expect(exported.name).toMatch(/^gpu-playground-race-[\dT-]+\.json$/);
  const senderDoc = JSON.parse(exported.text) as SharedDoc;
  expect(senderDoc.rows.map((r) => r.backend)).toEqual(RACED);
  for (const row of senderDoc.rows) {
    expect(formatNumber(row.examplesPerSec)).toBe(senderThroughput.get(row.backend));
    await expect(lab.raceCell(row.backend as BackendName, 'median')).toHaveText(`${formatNumber(row.medianStepMs)} ms`);
  }
  expect(senderDoc.curves.map((c) => c.name)).toContain('loss (wasm)');

  // A fresh browser context: no history, nothing cached.
  const context = await browser.newContext();
  const other = await context.newPage();
  const otherErrors: string[] = [];
  other.on('pageerror', (err) => otherErrors.push(err.message));
  const receiver = new SharePage(other);
  await other.goto(link);
  const panel = receiver.shared;
  await expect(panel.getByTestId('shared-label')).toContainText('their run, on their device');
  await expect(panel.getByTestId('shared-device')).not.toHaveText('unknown device');
  await expect(panel.getByTestId('shared-workload')).toHaveText('Race: Tiny CNN, MNIST digits, batch 16, 1 warm-up + 3 measured steps on CPU (plain JS), WebAssembly SIMD');
  for (const backend of RACED) await expect(panel.getByTestId(`shared-cell-${backend}-examplesPerSec`)).toHaveText(senderThroughput.get(backend) as string);
  // The race's headline travels with it: the sender's speed-up over the plain-JS CPU.
  await expect(panel.getByTestId('shared-cell-cpu-speedUpVsCpu')).toHaveText('1×');
  await expect(panel.getByTestId('shared-cell-wasm-speedUpVsCpu')).toHaveText(/^\d+(\.\d+)?(k|M)?×$/);
  expect(await receiver.chartPoints(panel, 'shared-chart-loss', 'a')).toBeGreaterThan(0);
  // Nothing ran: no race was started, no training either, and the lab shows the sender's settings.
  await expect(other.getByTestId('race-status')).toHaveCount(0);
  // (The training view's code has not even loaded: views load when first shown.) No job holds the device.
  await expect(other.getByTestId('queue-running')).toHaveCount(0);
  await expect(other.getByTestId('lab-field-model')).toHaveValue('tiny');
  await expect(other.getByTestId('lab-field-measuredSteps')).toHaveValue('3');

  await receiver.runHereAndWait();
  for (const backend of RACED) {
    await expect(receiver.compareCell(backend, 'examplesPerSec', 'a')).toHaveText(senderThroughput.get(backend) as string);
    await expect(receiver.compareCell(backend, 'examplesPerSec', 'b')).toHaveText(await other.getByTestId(`race-cell-${backend}-examples-per-sec`).innerText());
    await expect(receiver.compareCell(backend, 'examplesPerSec', 'ratio')).toHaveText(/^\d+(\.\d+)?(k|M)?×$/);
  }
  expect(await receiver.chartPoints(panel, 'shared-chart-examples-s', 'a')).toBeGreaterThan(0);
  expect(await receiver.chartPoints(panel, 'shared-chart-examples-s', 'b')).toBeGreaterThan(0);

  const comparison = JSON.parse((await receiver.download(panel.getByTestId('shared-export-json'))).text) as { comparison: { label: string; result: SharedDoc }[] };
  expect(comparison.comparison.map((c) => c.label)).toEqual(['Theirs', 'Yours']);
  expect(comparison.comparison[0].result).toEqual(senderDoc);
  for (const row of comparison.comparison[1].result.rows) {
    await expect(receiver.compareCell(row.backend, 'examplesPerSec', 'b')).toHaveText(formatNumber(row.examplesPerSec));
  }

  // The history survives a reload and lists both: the received result and the run here.
  await other.reload();
  const history = await receiver.openHistory();
  await expect(history.getByTestId('history-entry')).toHaveCount(2);
  await expect(history.getByTestId('history-workload').filter({ hasText: '(received link)' })).toHaveCount(1);
  await expect(history.getByTestId('history-headline').first()).toHaveText(/examples\/s on /);
  await history.getByTestId('history-select').nth(0).check();
  await history.getByTestId('history-select').nth(1).check();
  await history.getByTestId('btn-history-compare').click();
  await expect(history.getByTestId('history-compare-table')).toBeVisible();
  await history.getByTestId('history-delete').first().click();
  await expect(history.getByTestId('history-entry')).toHaveCount(1);
  expect(otherErrors).toEqual([]);
  await context.close();

  // The sender's own race is in the sender's history.
  const senderHistory = await share.openHistory();
  await expect(senderHistory.getByTestId('history-entry')).toHaveCount(1);
});

test('a finished CNN run is shared and exported; its link shows the sender run, then a comparison after running here', async ({ share, page }) => {
  const train = new PlaygroundPage(page);
  await train.open();
  await train.chooseBackend('wasm');
  await train.setFields(TINY_RUN);
  // The URL is the state: the settings just typed are in the hash.
  // (The tiny model and batch 32 are the defaults, so the link leaves them out.)
  await expect(page).toHaveURL(/trainExamples=100/);
  await train.button('train').click();
  await expect(train.runState()).toHaveText('finished', { timeout: RUN_TIMEOUT_MS });

  const bar = share.runShare('cnn');
  await expect(bar.getByTestId('history-save-status')).toHaveText('Kept in the history.');
  const png = await share.download(bar.getByTestId('export-png-chart-loss'));
  expect(png.name).toMatch(/chart-loss\.png$/);
  const csv = (await share.download(bar.getByTestId('export-csv-steps'))).text.split('\r\n');
  expect(csv[0]).toBe('step,loss (wasm),test accuracy (wasm),examples/s (wasm),memory bytes (wasm)');
  const { link } = await share.share(bar);

  await page.goto('/');
  await page.goto(link);
  const panel = share.shared;
  await expect(panel.getByTestId('shared-workload')).toHaveText('CNN: Tiny CNN, MNIST digits, batch 32, 1 epoch on WebAssembly SIMD');
  await expect(panel.getByTestId('shared-cell-wasm-examplesPerSec')).toHaveText(/^\d/);
  await expect(train.field('trainExamples')).toHaveValue('100');
  await share.runHereAndWait();
  await expect(share.compareCell('wasm', 'testAccuracy', 'b')).toHaveText(/%$/);
  expect(await share.chartPoints(panel, 'shared-chart-loss', 'b')).toBeGreaterThan(0);

  await panel.getByTestId('btn-close-shared').click();
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/[#&]r=/);
});

test('settings live in the URL: reload keeps them, back and forward step through them', async ({ share, page }) => {
  const train = new PlaygroundPage(page);
  await train.open();
  await train.setFields({ model: 'mlp' });
  // Without a GPU the default backend is WebAssembly, and the link says so (WebGL, the table's default, would go unsaid).
  await expect(page).toHaveURL(/#v=4&w=cnn&backend=wasm&model=mlp$/);
  await page.reload();
  await expect(train.field('model')).toHaveValue('mlp');

  await share.byId('tab-gan').click();
  await expect(page).toHaveURL(/#v=4&w=gan&backend=wasm$/);
  await page.goBack();
  await expect(share.byId('view-train')).toBeVisible();
  await expect(train.field('model')).toHaveValue('mlp');
  await page.goForward();
  await expect(share.byId('view-gan')).toBeVisible();
});

/** Text a page would run if it ever treated link data as HTML. */
const SCRIPTED = '<img src=x onerror="window.__pwned=1;alert(1)">';

function payloadOf(value: unknown): string {
  return deflateRawSync(Buffer.from(JSON.stringify(value))).toString('base64url');
}

test('a hostile, truncated, oversized or wrong-version link shows one message, runs nothing and keeps what it could read', async ({ share, page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const hostile = {
    version: 2,
    createdAt: '2025-01-31T12:00:00.000Z',
    config: { workload: 'cnn', model: 'tiny', batchSize: SCRIPTED },
    race: null,
    rows: [
      { loop: 'app', backend: 'webgl', firstStepMs: 900, medianStepMs: 20, p90StepMs: 25, examplesPerSec: 3200, gflops: 4.5 },
      { loop: 'app', backend: SCRIPTED, firstStepMs: 1, medianStepMs: 1, p90StepMs: 1, examplesPerSec: 1, gflops: 1 },
    ],
    curves: [{ name: SCRIPTED, points: [[1, 2], [2, 1]] }],
    device: { browser: `<script>window.__pwned=1</script>`, [SCRIPTED]: 'x' },
    versions: { app: '0.1.0' },
    extra: { nested: SCRIPTED },
  };
  const settings = `v=2&w=cnn&model=tiny&batchSize=${encodeURIComponent(SCRIPTED)}&view=${encodeURIComponent('<script>')}`;
  await page.goto(`/#${settings}&r=${payloadOf(hostile)}`);

  const message = share.linkError();
  await expect(message).toContainText('This link could not be read completely.');
  await expect(message).toContainText(`Batch size must be a number (got '${SCRIPTED.slice(0, 40)}…')`);
  await expect(message).toContainText("Unknown field 'extra' in the shared result ignored");
  await expect(message.getByRole('listitem').filter({ hasText: 'Summary row 2 was dropped' })).toHaveCount(1);
  // What could be read is kept: the valid settings, the valid row, the curve and device text, all as plain text.
  await expect(share.byId('view-train').getByTestId('field-model')).toHaveValue('tiny');
  // The refused batch size takes the table's default.
  await expect(share.byId('view-train').getByTestId('field-batchSize')).toHaveValue(String(defaultCnnConfig().batchSize));
  await expect(share.shared.getByTestId('shared-cell-webgl-examplesPerSec')).toHaveText('3200');
  await expect(share.shared.getByTestId('shared-device')).toHaveText('<script>window.__pwned=1</script>');
  await expect(share.shared.locator('figcaption').first()).toContainText(SCRIPTED);
  expect(await page.locator('#root img, #root script, #root svg, #root iframe').count()).toBe(0);

  // Damaged in other ways: one message each time, the page keeps working.
  const valid = payloadOf({ ...hostile, config: { workload: 'cnn' }, rows: [hostile.rows[0]], curves: [], device: {}, extra: undefined });
  const cases: [hash: string, expected: string][] = [
    [`v=2&w=cnn&r=${valid.slice(0, valid.length - 12)}`, 'The shared result is damaged'],
    [`v=2&w=cnn&r=${'A'.repeat(20_000)}`, 'The shared result is too long'],
    [`v=9&w=cnn&model=tiny`, 'comes from a newer version of the app'],
    [`v=2&w=cnn&r=${payloadOf({ ...hostile, version: 99, extra: undefined })}`, 'The shared result comes from a newer version of the app'],
  ];
  for (const [hash, expected] of cases) {
    await page.goto(`/#${hash}`);
    await expect(message).toContainText(expected);
    await expect(message).toHaveCount(1);
  }
  await message.getByTestId('btn-dismiss-link-error').click();
  await expect(message).toHaveCount(0);
  await share.byId('tab-lab').click();
  await expect(share.byId('lab-view')).toBeVisible();

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
});

test('a damaged result link says so, and its message goes once the address bar holds a clean settings link', async ({ share, page }) => {
  const train = new PlaygroundPage(page);
  await page.goto('/#v=2&w=cnn&r=AAAA');
  await expect(share.linkError()).toContainText('The shared result is damaged');
  // As a user would: edit the address bar to a plain settings link.
  await page.evaluate(() => (window.location.hash = '#v=2&w=cnn&seed=7'));
  await expect(train.field('seed')).toHaveValue('7');
  await expect(share.linkError()).toHaveCount(0);
  await expect(share.shared).toHaveCount(0);
});
