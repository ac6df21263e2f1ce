import { BACKENDS } from '../src/config/backends';
import { expect, test } from './fixtures';

/**
 * A workload small enough for software-rendered backends on two cores. The dense MLP: losing a device and resuming
 * is the engine's code whatever the model, and SwiftShader compiles the MLP's few shaders in seconds on each new
 * device, where the tiny CNN's took about 20 s (this journey makes three devices).
 */
const SMALL_RUN = {
  model: 'mlp',
  batchSize: '32',
  learningRate: '0.01',
  trainExamples: '3200',
  testExamples: '200',
  epochs: '2',
  seed: '7',
  checkpointEvery: '3',
};

const loseDevice = (page: import('@playwright/test').Page) => page.evaluate(() => window.gpuPlaygroundDebug?.loseDevice() ?? Promise.resolve('no debug hook'));
const loseDeviceAtEvaluation = (page: import('@playwright/test').Page) => page.evaluate(() => window.gpuPlaygroundDebug?.loseDeviceAt('evaluation') ?? Promise.resolve('no debug hook'));
const gpuErrorInWindow = (page: import('@playwright/test').Page) => page.evaluate(() => window.gpuPlaygroundDebug?.gpuErrorInWindow() ?? Promise.resolve('no debug hook'));

test('a CPU backend has no device to lose: the command says so and the run goes on', async ({ playground: p, backend, page }) => {
  test.skip(BACKENDS[backend].deviceName !== null, 'a GPU backend loses its device in the test below');
  await p.open();
  await p.chooseBackend(backend);
  await p.setFields(SMALL_RUN);
  await p.button('train').click();
  await p.waitForSteps(8);
  expect(await loseDevice(page)).toBe('This backend runs on the CPU: it has no GPU device to lose.');
  await p.waitForSteps(10);
  await expect(p.errorMessage()).toHaveCount(0);
  await p.button('stop').click();
});

/**
 * One run loses its GPU twice: during an epoch end's evaluation, then mid-run. One journey, not two, so that
 * SwiftShader compiles the model's shaders for one page instead of two (CI time); each loss is checked as before.
 */
test('a GPU lost during an epoch end’s evaluation ends the run in the message within 10 s, never a hang, and Resume evaluates again; lost mid-run, Resume continues from the checkpoint and the loss keeps falling', async ({ playground: p, backend, page }) => {
  const device = BACKENDS[backend].deviceName;
  test.skip(device === null, 'a CPU backend has no device to lose (the test above checks that it says so)');
  // Both GPUs: WebGL's lost context on TensorFlow.js, WebGPU's lost device under the app's engine.
  test.setTimeout(300_000);
  await p.open();
  await p.chooseBackend(backend);
  // 10 steps an epoch, a checkpoint every 3 steps: the evaluation after step 10 waits on a lost device.
  await p.setFields({ ...SMALL_RUN, trainExamples: '320', epochs: '30' });
  expect(await loseDeviceAtEvaluation(page)).toBeNull();
  await p.button('train').click();
  // WebGPU trains on the app's own engine by default, and the run says so; WebGL on TensorFlow.js.
  await expect(p.stat('backend')).toHaveText(backend === 'webgpu' ? "WebGPU · the app's engine" : 'WebGL');
  await p.waitForSteps(10);
  await expect(p.errorMessage()).toContainText(new RegExp(`^The ${device} was lost.* at step 10: the run stopped\\. Resume continues from the checkpoint at step \\d+ on a new ${device}\\.$`), { timeout: 10_000 });
  await expect(p.runState()).not.toHaveText('training');

  const resume = p.root.getByTestId('btn-resume-checkpoint');
  // The lost evaluation left no accuracy; after Resume one is shown: epoch 1's, or a later one's if the run went past it between reads.
  await expect(p.stat('test-accuracy')).toHaveText('–');
  await resume.click();
  await expect(p.errorMessage()).toHaveCount(0);
  await expect(p.stat('test-accuracy')).toHaveText(/^\d+(\.\d+)?% \(epoch \d+\)$/);

  // Lost again, mid-run this time.
  await p.waitForSteps(14);
  expect(await loseDevice(page)).toBeNull();
  await expect(p.errorMessage()).toContainText(new RegExp(`^The ${device} was lost.* at step \\d+: the run stopped\\. Resume continues from the checkpoint at step \\d+ on a new ${device}\\.$`));
  await expect(resume).toHaveText(/^Resume from step \d+$/);
  const from = Number((await resume.innerText()).replace(/\D+/g, ''));
  expect(from, "the checkpoint is at or after the first resume's epoch end").toBeGreaterThanOrEqual(10);
  const before = await p.losses();

  await resume.click();
  await expect(p.errorMessage()).toHaveCount(0);
  await p.waitForSteps(from + 8);
  await expect(p.runState()).toHaveText('training');
  const after = await p.losses();
  expect(after?.first, 'the loss curve continues: its first point is the run’s first').toBe(before?.first);
  await expect
    .poll(async () => {
      const l = await p.losses();
      return l ? l.latest / l.first : 1;
    }, { message: 'train loss keeps falling after the resume', timeout: 120_000 })
    .toBeLessThan(0.85);
  const tensorCounts = await p.tensorCountsOverSteps(3);
  expect(new Set(tensorCounts).size, `tensor counts ${tensorCounts.join(', ')}`).toBe(1);
  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');
});

test('a GPU error under the app’s engine stops the run in one sentence; Resume continues from its checkpoint on TensorFlow.js’s kernels', async ({ playground: p, backend, page }) => {
  test.skip(backend !== 'webgpu', 'only WebGPU trains on the app’s engine');
  test.setTimeout(120_000);
  await p.open();
  await p.chooseBackend(backend);
  // 100 steps an epoch: no evaluation compiles TensorFlow.js's kernels before the error.
  await p.setFields(SMALL_RUN);
  await p.button('train').click();
  await expect(p.stat('backend')).toHaveText("WebGPU · the app's engine");
  // Past the checkpoint at step 3: the next window's work then fails on the GPU.
  await p.waitForSteps(4);
  expect(await gpuErrorInWindow(page)).toBeNull();
  await expect(p.errorMessage()).toContainText(
    /^A GPU error in a step's work stopped the run at step \d+ \(.*"fault injected by a test".*\); Resume continues from the checkpoint at step \d+ on TensorFlow\.js's kernels\.$/,
  );
  await expect(p.runState()).not.toHaveText('training');
  const resume = p.root.getByTestId('btn-resume-other-engine');
  await expect(resume).toHaveText(/^Resume from step \d+ on TensorFlow\.js's kernels$/);
  const from = Number((await resume.innerText()).replace(/\D+/g, ''));
  expect(from).toBeGreaterThanOrEqual(3);

  await resume.click();
  await expect(p.errorMessage()).toHaveCount(0);
  await expect(p.stat('backend')).toHaveText('WebGPU · TensorFlow.js');
  await p.waitForSteps(from + 2);
  await expect(p.runState()).toHaveText('training');
  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');
});

