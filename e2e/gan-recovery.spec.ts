import type { Page } from '@playwright/test';
import { BACKENDS } from '../src/config/backends';
import { expect, test } from './fixtures';
import { PlaygroundPage } from './pages/playgroundPage';

/**
 * The MLP GAN on the 1s, at 10x the default learning rates so the samples change within tens of steps (the
 * same seed gives the same run each time). The run goes to 30 steps past its checkpoint, where the samples
 * are measurably nearer real 1s.
 */
const GAN_RUN = { model: 'mlp', digit: '1', batchSize: '16', steps: '2000', seed: '3', dLearningRate: '0.002', gLearningRate: '0.002' };
const PLAN = { checkpointEvery: 5, loseAfter: 10, goOn: 30 } as const;
/** Mean brightness of real MNIST 1s, pixels in [0, 1]: mostly black background with one thin stroke. */
const REAL_ONES_MEAN = 0.08;

const loseDevice = (page: Page) => page.evaluate(() => window.gpuPlaygroundDebug?.loseDevice() ?? Promise.resolve('no debug hook'));

/**
 * How far the sample grid's mean brightness is from real 1s' (0 = as dark as real digits): an untrained
 * generator draws mid-grey noise (about 0.5), one that learnt the background draws mostly black.
 */
async function distanceFromRealOnes(p: PlaygroundPage): Promise<number> {
  const mean = await p.root.getByTestId('sample-grid').locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    // SampleGridCanvas draws 28-pixel images with 2-pixel white gaps, each image pixel ZOOM screen pixels wide.
    const ZOOM = 3;
    const CELL = 30;
    const SIDE = 28;
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    let count = 0;
    for (let y = 0; y < height; y += ZOOM) {
      for (let x = 0; x < width; x += ZOOM) {
        if ((x / ZOOM) % CELL >= SIDE || (y / ZOOM) % CELL >= SIDE) continue;
        sum += data[(y * width + x) * 4] / 255;
        count += 1;
      }
    }
    return sum / count;
  });
  return Math.abs(mean - REAL_ONES_MEAN);
}

/** Waits until the sample grid has been redrawn from a step after `step`. */
async function samplesAfter(p: PlaygroundPage, step: number): Promise<void> {
  await expect.poll(async () => Number(await p.root.getByTestId('sample-grid').getAttribute('data-step')), { timeout: 120_000 }).toBeGreaterThan(step);
}

test('a GAN run that loses its GPU resumes from its checkpoint: both curves go on, and the samples keep improving', async ({ page, backend }) => {
  test.skip(BACKENDS[backend].deviceName === null, 'a CPU backend has no device to lose (train-recovery.spec checks that it says so)');
  // WebGPU, where the app's engine runs the GAN; a lost WebGL context is train-recovery.spec's, during an epoch end's evaluation.
  test.skip(backend === 'webgl', 'WebGPU runs the GAN journey on the app\'s engine; train-recovery.spec loses and resumes a WebGL context');
  // One GPU project runs it (CI time): WebGPU, where the app's engine trains the MLP GAN (its checkpoints are the
  // same GPCK files TensorFlow.js's are); train-recovery.spec loses a WebGL context and a WebGPU device with a CNN.
  const device = BACKENDS[backend].deviceName;
  // About 70 s on a quiet machine, twice that under load: the limit is for a hang, not for the load.
  test.setTimeout(300_000);
  const p = new PlaygroundPage(page, 'gan');
  await p.open();
  await p.chooseBackend(backend);
  await p.setFields({ ...GAN_RUN, checkpointEvery: String(PLAN.checkpointEvery) });
  await p.button('train').click();
  await expect(p.stat('backend')).toHaveText("WebGPU · the app's engine");
  await p.waitForSteps(PLAN.loseAfter);
  await samplesAfter(p, 0);
  const atLoss = await distanceFromRealOnes(p);

  expect(await loseDevice(page)).toBeNull();
  await expect(p.errorMessage()).toContainText(new RegExp(`^The ${device} was lost.* at step \\d+: the run stopped\\. Resume continues from the checkpoint at step \\d+ on a new ${device}\\.$`));
  const resume = p.root.getByTestId('btn-resume-checkpoint');
  await expect(resume).toHaveText(/^Resume from step \d+$/);
  const from = Number((await resume.innerText()).replace(/\D+/g, ''));
  expect(from).toBeGreaterThanOrEqual(PLAN.loseAfter - PLAN.checkpointEvery);
  expect(from % PLAN.checkpointEvery, `a checkpoint every ${PLAN.checkpointEvery} steps`).toBe(0);
  const before = await p.losses('d-loss');

  await resume.click();
  await expect(p.errorMessage()).toHaveCount(0);
  await p.waitForSteps(from + PLAN.goOn);
  await expect(p.runState()).toHaveText('training');
  await samplesAfter(p, from + PLAN.goOn - 1);
  const after = await p.losses('d-loss');
  expect(after?.first, 'the D loss curve continues: its first point is the run’s first').toBe(before?.first);
  expect(await p.chartPoints('gan-loss')).toBeGreaterThan(2);
  const later = await distanceFromRealOnes(p);
  expect(later, `samples ${PLAN.goOn} steps after the resume are nearer real 1s than at the loss (${later.toFixed(3)} vs ${atLoss.toFixed(3)} from their mean brightness)`).toBeLessThan(atLoss - 0.05);

  const tensorCounts = await p.tensorCountsOverSteps(2);
  expect(new Set(tensorCounts).size, `tensor counts ${tensorCounts.join(', ')}`).toBe(1);
  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');
});
