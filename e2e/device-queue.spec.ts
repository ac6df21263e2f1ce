import { expect, test } from './fixtures';
import { LabPage } from './pages/labPage';
import { PlaygroundPage } from './pages/playgroundPage';
import { SharePage } from './pages/sharePage';

/** Enough steps that the run is still going when the race is asked for. */
const LONG_RUN = { model: 'tiny', batchSize: '16', learningRate: '0.01', trainExamples: '3200', testExamples: '100', epochs: '100', seed: '11' };
const TINY_RACE = { model: 'tiny', batchSize: '16', warmupSteps: '1', measuredSteps: '3' };

test.beforeEach(({ backend }) => {
  test.skip(backend !== 'cpu', 'one device owner for every view: one journey covers it');
});

test('a race started during a training run waits its turn, runs after Stop, and the run’s figures stay continuous', async ({ page }) => {
  const train = new PlaygroundPage(page);
  await train.open();
  await train.chooseBackend('cpu');
  await train.setFields(LONG_RUN);
  await train.button('train').click();
  await train.waitForSteps(5);

  const lab = new LabPage(page);
  await page.getByTestId('tab-lab').click();
  // The device report the lab asks for on first view queues behind the run too.
  await expect(lab.status('device')).toHaveText(/^queued/);
  await lab.setWorkload(TINY_RACE);
  await lab.chooseBackends(['cpu']);
  await lab.button('race', 'run').click();
  await expect(lab.status('race')).toHaveText('queued: 1 job ahead');
  await expect(page.getByTestId('queue-running-name')).toHaveText('the CNN training run');
  await expect(page.getByTestId('queue-waiting-race')).toBeVisible();

  // The run keeps going while the race waits: its step count still climbs.
  await page.getByTestId('tab-train').click();
  const before = await train.stepCount();
  await expect.poll(() => train.stepCount()).toBeGreaterThan(before);

  // Stopped from the queue bar, the run ends as stopped, and the race gets the device.
  await page.getByTestId('btn-queue-stop').click();
  await expect(train.runState()).toHaveText('stopped');
  const stoppedAt = await train.stepCount();
  await page.getByTestId('tab-lab').click();
  await expect(lab.status('race')).toHaveText(/running|done/, { timeout: 60_000 });
  await lab.waitUntilDone('race');
  await expect(lab.raceCell('cpu', 'speedup')).toHaveText('1×');

  // The run's figures are whole: its exported curve climbs from step 1 to where it stopped, with
  // nothing after the stop and no restart in between.
  await page.getByTestId('tab-train').click();
  expect(await train.stepCount()).toBe(stoppedAt);
  const share = new SharePage(page);
  const csv = (await share.download(share.runShare('cnn').getByTestId('export-csv-steps'))).text.trim().split('\r\n');
  const steps = csv.slice(1).map((line) => Number(line.split(',')[0]));
  expect(steps[0]).toBe(1);
  expect(steps.at(-1)).toBe(stoppedAt);
  expect(steps.every((step, i) => i === 0 || step > steps[i - 1])).toBe(true);
});

test('a job queued behind a running race can be removed, and the race’s figures are unaffected', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open();
  await lab.setWorkload({ ...TINY_RACE, measuredSteps: '30' });
  await lab.chooseBackends(['cpu']);
  await lab.run('race');

  const train = new PlaygroundPage(page);
  await page.getByTestId('tab-train').click();
  await train.chooseBackend('cpu');
  await train.setFields({ ...LONG_RUN, epochs: '1' });
  await train.button('train').click();
  await expect(train.runState()).toHaveText(/^queued/);
  await expect(page.getByTestId('queue-running-name')).toHaveText('the race');
  await train.button('stop').click();
  await expect(train.runState()).toHaveText('stopped');
  await expect(page.getByTestId('queue-waiting-train')).toHaveCount(0);

  await page.getByTestId('tab-lab').click();
  await lab.waitUntilDone('race');
  await expect(lab.raceCell('cpu', 'median')).toHaveText(/ ms$/);
  await expect(page.getByTestId('device-queue')).toHaveCount(0);
});
