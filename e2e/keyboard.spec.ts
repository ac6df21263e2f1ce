import type { Locator, Page } from '@playwright/test';
import { BACKEND_NAMES, type BackendName } from '../src/config/backends';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * The whole journey by keyboard only: no click, no mouse. Each action is reached with Tab (or
 * Shift+Tab) and pressed with Enter or Space; after each, the test checks where focus went and
 * what the live region said.
 */

/** Jobs on two shared cores can take minutes. */
const JOB_TIMEOUT_MS = 150_000;
/** Enough steps that the run is still training when Pause is pressed; Stop ends it long before. */
/** Long enough (2,000 steps on the plain-JS backend) that the run is still going when the journey stops it. */
const LONG_RUN = { trainExamples: '6400', testExamples: '100', epochs: '10' };
const RACED: BackendName[] = ['cpu', 'wasm'];

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Presses Tab (Shift+Tab backwards) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 200 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

/** Replaces a text field's value: Tab to it, select what is there, type. */
async function typeInto(page: Page, field: Locator, value: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
  await expect(field).toHaveValue(value);
}

/** Picks a drop-down option by typing the start of its label, as on a closed select. */
async function chooseOption(page: Page, field: Locator, typed: string, value: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(typed);
  await expect(field).toHaveValue(value);
}

test('keyboard only: train, pause, resume, stop; race, share, run the link here, open it from History', async ({ playground: p, page, backend, browser }) => {
  test.skip(backend !== 'cpu', 'focus and announcements are the same on every backend; one project runs the keyboard journey (CI time)');
  test.setTimeout(600_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const train = page.getByTestId('view-train');
  await expect(train.getByTestId('backend-picker')).toBeVisible();

  // The first stop of the page skips to the open view's controls.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-to-controls')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(train.getByTestId('backend-picker').locator('input:focus')).toHaveCount(1);

  // The backend by arrow keys inside its radio group, then small settings through the form.
  for (let i = 0; i < BACKEND_NAMES.length && !(await p.backendOption('cpu').isChecked()); i++) await page.keyboard.press('ArrowLeft');
  await expect(p.backendOption('cpu')).toBeChecked();
  await chooseOption(page, p.field('model'), 'Tiny', 'tiny');
  await chooseOption(page, p.field('batchSize'), '32', '32');
  await typeInto(page, p.field('epochs'), LONG_RUN.epochs);
  // The data sizes are folded under "More settings: training": Enter on its name opens it.
  const group = train.getByTestId('field-group-training');
  await tabTo(page, group.locator('summary'));
  await page.keyboard.press('Enter');
  await expect(group).toHaveAttribute('open', '');
  await typeInto(page, p.field('trainExamples'), LONG_RUN.trainExamples);
  await typeInto(page, p.field('testExamples'), LONG_RUN.testExamples);

  // Train: the button disables itself, focus moves on to Stop (or Pause), never to the body.
  const announced = train.getByTestId('run-announcement');
  await expect(announced).toHaveText('');
  await tabTo(page, p.button('train'), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(p.button('stop')).toBeFocused();
  await expect(announced).toHaveText('Training.', { timeout: JOB_TIMEOUT_MS });

  // Pause → focus on Resume; Resume → focus on Pause.
  await tabTo(page, p.button('pause'), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(announced).toHaveText('Training paused.');
  await expect(p.button('resume')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(announced).toHaveText('Training.');
  await expect(p.button('pause')).toBeFocused();

  // Stop → focus back on Train.
  await tabTo(page, p.button('stop'));
  await page.keyboard.press('Enter');
  await expect(announced).toHaveText('Run stopped.');
  await expect(p.button('train')).toBeFocused();
  await expect(p.runState()).toHaveText('stopped');

  // The lab by its tab (the tabs are one stop: the arrows move between them and open each view); the device report it reads on first view, then a tiny race.
  await tabTo(page, page.getByTestId('tab-train'), { backwards: true });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-lab')).toBeFocused();
  await expect(page.getByTestId('view-lab')).toBeVisible();
  await expect(page.getByTestId('device-status')).toHaveText('done', { timeout: JOB_TIMEOUT_MS });
  await expect(page.getByTestId('device-announcement')).toHaveText('Device report done.');
  await chooseOption(page, page.getByTestId('lab-field-model'), 'Tiny', 'tiny');
  await chooseOption(page, page.getByTestId('lab-field-batchSize'), '16', '16');
  await typeInto(page, page.getByTestId('lab-field-warmupSteps'), '1');
  await typeInto(page, page.getByTestId('lab-field-measuredSteps'), '3');
  for (const name of BACKEND_NAMES) {
    const box = page.getByTestId(`lab-backend-${name}`);
    if (!(await box.isEnabled())) {
      expect(RACED, await page.getByTestId(`lab-backend-reason-${name}`).innerText()).not.toContain(name);
      continue;
    }
    if ((await box.isChecked()) === RACED.includes(name)) continue;
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: RACED.includes(name) });
  }

  const raceAnnounced = page.getByTestId('race-announcement');
  await tabTo(page, page.getByTestId('btn-race-run'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('btn-race-cancel')).toBeFocused();
  await expect(raceAnnounced).toHaveText(/^Race (queued, next in line|running)\.$/);
  await expect(raceAnnounced).toHaveText('Race done.', { timeout: JOB_TIMEOUT_MS });
  await expect(page.getByTestId('btn-race-run')).toBeFocused();
  await expect(page.getByTestId('race-cell-wasm-speedup')).toHaveText(/×$/);

  // Share it: the status says the link is ready; focus stays on Share.
  const bar = page.getByTestId('run-share-race');
  await tabTo(page, bar.getByTestId('btn-share'));
  await page.keyboard.press('Enter');
  await expect(bar.getByTestId('share-status')).toHaveText(/^Link copied to the clipboard \([\d,]+ characters\)\.$/);
  await expect(bar.getByTestId('btn-share')).toBeFocused();
  const link = await bar.getByTestId('share-link').inputValue();

  // A fresh browser: the sender's race with its speed-ups, and "Run on this device" usable at once.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  const shared = other.getByTestId('shared-panel');
  await expect(shared.getByTestId('shared-workload')).toHaveText('Race: Tiny CNN, MNIST digits, batch 16, 1 warm-up + 3 measured steps on CPU (plain JS), WebAssembly SIMD');
  await expect(shared.getByTestId('shared-cell-cpu-speedUpVsCpu')).toHaveText('1×');
  await expect(shared.getByTestId('shared-cell-wasm-speedUpVsWasm')).toHaveText('1×');
  const runHere = shared.getByTestId('btn-run-here');
  await expect(runHere).toBeEnabled();
  // No device report was started behind the user's back: nothing holds the device.
  await expect(other.getByTestId('queue-running')).toHaveCount(0);
  expect(await axeViolations(other), 'the shared result').toEqual([]);
  await tabTo(other, runHere);
  await other.keyboard.press('Enter');
  await expect(shared.getByTestId('compare-status')).toHaveText('Running here…');
  await expect(runHere).toBeFocused();
  await expect(shared.getByTestId('compare-status')).toHaveText(/Compared with this device|Could not run here/, { timeout: JOB_TIMEOUT_MS });
  await expect(shared.getByTestId('compare-note')).toHaveCount(0);
  await expect(shared.getByTestId('compare-status')).toHaveText('Compared with this device');
  await expect(runHere).toBeFocused();
  // The headline on both sides: each device's speed-up over its own plain-JS CPU and wasm rows.
  for (const side of ['a', 'b']) {
    await expect(shared.getByTestId(`shared-compare-cpu-speedUpVsCpu-${side}`)).toHaveText('1×');
    await expect(shared.getByTestId(`shared-compare-wasm-speedUpVsCpu-${side}`)).toHaveText(/^\d+(\.\d+)?(k|M)?×$/);
    await expect(shared.getByTestId(`shared-compare-wasm-speedUpVsWasm-${side}`)).toHaveText('1×');
  }
  expect(await axeViolations(other), 'the comparison').toEqual([]);

  // History by its tab; each row's buttons say which run they act on.
  const historyTab = other.getByTestId('tab-history');
  await tabTo(other, other.getByRole('tab', { selected: true }), { backwards: true });
  // The last tab is the class board; History is just before it.
  await other.keyboard.press('End');
  await other.keyboard.press('ArrowLeft');
  await expect(historyTab).toBeFocused();
  const history = other.getByTestId('history-panel');
  await expect(history.getByTestId('history-entry')).toHaveCount(2);
  const view = history.getByTestId('history-view');
  await expect(view.first()).toHaveAccessibleName(/^View run 2: race of Tiny CNN on CPU \(plain JS\), WebAssembly SIMD, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
  await expect(view.nth(1)).toHaveAccessibleName(/^View run 1: /);
  await expect(history.getByTestId('history-delete').first()).toHaveAccessibleName(/^Delete run 2: /);
  await tabTo(other, view.first());
  await other.keyboard.press('Enter');
  await expect(history.getByTestId('history-result')).toBeVisible();
  await expect(view.first()).toBeFocused();
  expect(await axeViolations(other), 'History with a run open').toEqual([]);
  await context.close();
});
