import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { PlaygroundPage } from './pages/playgroundPage';

/** The tiny CNN on a slice of MNIST, several epochs: seconds an epoch on WebAssembly. */
const TINY_RUN = { model: 'tiny', batchSize: '32', learningRate: '0.01', testExamples: '200', seed: '7' };
/**
 * Keeping and resuming a run writes and reads the same checkpoint on every backend, so these journeys train
 * on WebAssembly, about 20x faster a tiny-CNN step than plain JS (CI time); one project runs them.
 */
const RUN_ON = 'wasm';
const ONE_PROJECT = 'keeping and resuming a run writes and reads the same checkpoint on every backend; one project runs it (CI time)';
const DB = 'gpu-playground-unfinished-run';

/** Whether the browser's unfinished-run slot is empty, read straight from IndexedDB. */
const slotEmpty = (page: Page) =>
  page.evaluate(
    (name) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('slot')) return (db.close(), resolve(true));
          const get = db.transaction('slot').objectStore('slot').get('unfinished');
          get.onsuccess = () => (db.close(), resolve(get.result === undefined));
          get.onerror = () => (db.close(), reject(get.error));
        };
      }),
    DB,
  );

/** Puts a record in the slot that is not a checkpoint, as a damaged database would hold. */
const damageSlot = (page: Page) =>
  page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('slot', 'readwrite');
          tx.objectStore('slot').put({ savedAt: new Date().toISOString(), bytes: Uint8Array.of(71, 80, 67, 75, 1, 0, 0, 0).buffer }, 'unfinished');
          tx.oncomplete = () => (db.close(), resolve());
          tx.onerror = () => (db.close(), reject(tx.error));
        };
        open.onerror = () => reject(open.error);
      }),
    DB,
  );

const banner = (p: PlaygroundPage) => p.root.getByTestId('unfinished-run');

async function reopen(p: PlaygroundPage): Promise<void> {
  await p.page.reload();
  await p.page.getByTestId('tab-train').click();
  await expect(p.root.getByTestId('backend-picker')).toBeVisible();
}

test('a run kept at an epoch end survives a reload: Resume continues from its step, with its curve, to the end; the finished run leaves nothing to resume', async ({ playground: p, page, backend }) => {
  test.skip(backend !== 'cpu', ONE_PROJECT);
  await p.open();
  await p.chooseBackend(RUN_ON);
  // 4800 / 32 = 150 steps an epoch, 3 epochs: seconds an epoch, so the page goes away mid-run.
  await p.setFields({ ...TINY_RUN, trainExamples: '4800', epochs: '3' });
  await p.button('train').click();
  await expect(p.root.getByTestId('checkpoint-saved')).toContainText(/Checkpoint kept in this browser at the end of epoch [12]: step (150|300) /);

  // The page goes away mid-run (the worker with it); the slot holds the last epoch end it reached.
  await reopen(p);
  await expect(banner(p)).toBeVisible();
  const text = await p.root.getByTestId('unfinished-run-text').innerText();
  const match = /^An unfinished run can be resumed: Tiny CNN on WebAssembly SIMD, epoch ([12]) of 3, step (150|300) \(saved \d\d:\d\d\)$/.exec(text);
  expect(match, text).not.toBeNull();
  const saved = Number(match?.[2]);
  expect(saved).toBe(150 * Number(match?.[1]));

  await p.root.getByTestId('btn-unfinished-resume').click();
  await expect(banner(p)).toHaveCount(0);
  await expect.poll(() => p.stepCount(), { timeout: 120_000 }).toBeGreaterThan(0);
  expect(await p.stepCount(), 'the step counter goes on from the checkpoint, not from 0').toBeGreaterThan(saved);
  // The loss chart draws the checkpoint's curve (its points up to the saved step) before the run's own.
  expect(await p.chartPoints('loss')).toBeGreaterThan(1);
  await expect(p.runState()).toHaveText('finished', { timeout: 150_000 });
  await expect(p.stat('step')).toHaveText('450 / 450 (epoch 3)');
  await expect(p.errorMessage()).toHaveCount(0);

  // Finished: the slot is cleared, and a reload offers nothing.
  await expect.poll(() => slotEmpty(page), { timeout: 30_000 }).toBe(true);
  await reopen(p);
  await expect(p.button('train')).toBeEnabled();
  await expect(banner(p)).toHaveCount(0);
});

test('Save checkpoint keeps a paused run at its step; after a reload Discard clears it; a damaged slot says why and can be discarded', async ({ playground: p, page, backend }) => {
  test.skip(backend !== 'cpu', ONE_PROJECT);
  await p.open();
  await p.chooseBackend(RUN_ON);
  // 9600 / 32 = 300 steps an epoch: paused long before its first epoch end.
  await p.setFields({ ...TINY_RUN, trainExamples: '9600', epochs: '2' });
  await expect(p.root.getByTestId('btn-save-checkpoint')).toBeDisabled();
  await p.button('train').click();
  await p.waitForSteps(5);
  await p.button('pause').click();
  await expect(p.runState()).toHaveText('paused');
  const step = await p.stepCount();
  await p.root.getByTestId('btn-save-checkpoint').click();
  await expect(p.root.getByTestId('checkpoint-saved')).toContainText(`Checkpoint kept in this browser as asked: step ${step} `);

  await reopen(p);
  await expect(p.root.getByTestId('unfinished-run-text')).toHaveText(new RegExp(`^An unfinished run can be resumed: Tiny CNN on WebAssembly SIMD, epoch 1 of 2, step ${step} \\(saved \\d\\d:\\d\\d\\)$`));
  expect(await axeViolations(page)).toEqual([]);
  await p.root.getByTestId('btn-unfinished-discard').click();
  await expect(banner(p)).toHaveCount(0);
  expect(await slotEmpty(page)).toBe(true);
  await reopen(p);
  await expect(p.button('train')).toBeEnabled();
  await expect(banner(p)).toHaveCount(0);

  // A damaged record: the validator's sentence, Discard only, and the app stays usable.
  await damageSlot(page);
  await reopen(p);
  await expect(p.root.getByTestId('unfinished-run-text')).toHaveText(/^The unfinished run kept in this browser cannot be resumed\. Not a usable checkpoint: /);
  await expect(p.root.getByTestId('btn-unfinished-resume')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await p.root.getByTestId('btn-unfinished-discard').click();
  await expect(banner(p)).toHaveCount(0);
  expect(await slotEmpty(page)).toBe(true);
  await p.chooseBackend(RUN_ON);
  await p.setFields({ ...TINY_RUN, trainExamples: '640', epochs: '1' });
  await p.button('train').click();
  await expect(p.runState()).toHaveText('finished', { timeout: 150_000 });
  await expect(p.errorMessage()).toHaveCount(0);
});

test('a GAN run kept in the browser survives a reload: its banner says where it stands, and Resume continues from its step', async ({ page, backend }) => {
  test.skip(backend !== 'cpu', ONE_PROJECT);
  const gan = new PlaygroundPage(page, 'gan');
  await gan.open();
  // The GAN studio's slot is its own: the Train view's run is not touched (its banner stays away).
  await gan.chooseBackend(RUN_ON);
  await gan.setFields({ model: 'mlp', digit: '1', batchSize: '16', steps: '20000', seed: '3' });
  await gan.button('train').click();
  await gan.waitForSteps(5);
  await gan.button('pause').click();
  await expect(gan.runState()).toHaveText('paused');
  const step = await gan.stepCount();
  await gan.root.getByTestId('btn-save-checkpoint').click();
  await expect(gan.root.getByTestId('checkpoint-saved')).toContainText(`Checkpoint kept in this browser as asked: step ${step} `);

  await page.reload();
  await page.getByTestId('tab-gan').click();
  await expect(gan.root.getByTestId('backend-picker')).toBeVisible();
  await expect(banner(gan)).toBeVisible();
  await expect(gan.root.getByTestId('unfinished-run-text')).toHaveText(new RegExp(`^An unfinished run can be resumed: MLP GAN on WebAssembly SIMD, step ${step} of 20,000 \\(saved \\d\\d:\\d\\d\\)$`));
  expect(await axeViolations(page, '[data-testid="view-gan"]')).toEqual([]);
  await page.getByTestId('tab-train').click();
  await expect(banner(new PlaygroundPage(page))).toHaveCount(0);
  await page.getByTestId('tab-gan').click();

  await gan.root.getByTestId('btn-unfinished-resume').click();
  await expect(banner(gan)).toHaveCount(0);
  await expect.poll(() => gan.stepCount(), { timeout: 120_000 }).toBeGreaterThan(step);
  await expect.poll(async () => Number(await gan.root.getByTestId('sample-grid').getAttribute('data-step')), { timeout: 120_000 }).toBeGreaterThan(step);
  await expect(gan.errorMessage()).toHaveCount(0);
  await gan.button('stop').click();
  await expect(gan.runState()).toHaveText('stopped');
});
