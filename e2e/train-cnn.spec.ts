import { BACKEND_LABELS } from '../src/config/backends';
import { expect, test } from './fixtures';

/** A workload small enough for software-rendered backends on two cores; 20 passes, so it outlasts the journey that stops it. */
const TINY_RUN = {
  model: 'tiny',
  batchSize: '32',
  learningRate: '0.01',
  trainExamples: '3200',
  testExamples: '500',
  epochs: '20',
  seed: '7',
};

test('trains the tiny CNN: loss falls, pause / step / resume / stop work, tensors stay flat', async ({ playground: p, backend }) => {
  await p.open();
  await p.chooseBackend(backend);
  await p.setFields(TINY_RUN);
  await p.button('train').click();

  // On WebGPU the run trains on the app's engine, and the card says so.
  await expect(p.stat('backend')).toHaveText(backend === 'webgpu' ? "WebGPU · the app's engine" : BACKEND_LABELS[backend]);
  await expect(p.stat('first-step-ms')).toHaveText(/^\d+(\.\d+)?k? ms$/);
  await p.waitForSteps(20);
  await expect.poll(() => p.chartPoints('loss'), { message: 'loss chart receives points' }).toBeGreaterThanOrEqual(3);
  await expect
    .poll(async () => {
      const l = await p.losses();
      return l ? l.latest / l.first : 1;
    }, { message: 'train loss falls below 85% of its first value', timeout: 120_000 })
    .toBeLessThan(0.85);

  const tensorCounts = await p.tensorCountsOverSteps(4);
  expect(new Set(tensorCounts).size, `tensor counts ${tensorCounts.join(', ')}`).toBe(1);

  await p.button('pause').click();
  await expect(p.runState()).toHaveText('paused');
  const pausedAt = await p.stepCount();
  // One step while paused moves the count by exactly one: had the pause not held, it would have moved on further.
  await p.button('step').click();
  await expect.poll(() => p.stepCount()).toBeGreaterThan(pausedAt);
  expect(await p.stepCount()).toBe(pausedAt + 1);
  await expect(p.runState()).toHaveText('paused');

  await p.button('resume').click();
  await expect(p.runState()).toHaveText('training');
  await p.waitForSteps(pausedAt + 5);
  expect(await p.tensorCount()).toBe(tensorCounts[0]);

  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');
  await expect(p.errorMessage()).toHaveCount(0);
  await expect(p.button('train')).toBeEnabled();
});

test('refuses an impossible batch size and learning rate at input', async ({ playground: p, backend }) => {
  test.skip(backend !== 'cpu', 'the form checks its fields before any backend runs: the same on every project (CI time)');
  await p.open();
  await p.chooseBackend(backend);
  await p.setFields({ batchSize: '0', learningRate: 'fast' });
  await expect(p.fieldError('batchSize')).toHaveText("Batch size must be between 1 and 4096 examples (got '0')");
  await expect(p.fieldError('learningRate')).toHaveText("Learning rate must be a number (got 'fast')");
  await expect(p.button('train')).toBeDisabled();
  await p.setFields({ batchSize: '64', learningRate: '0.001' });
  await expect(p.button('train')).toBeEnabled();
});

test('a batch larger than the training set stops with a clear error and the app stays usable', async ({ playground: p, backend }) => {
  test.skip(backend !== 'cpu', 'the run checks its batch against the data before any backend step: the same on every project (CI time)');
  await p.open();
  await p.chooseBackend(backend);
  await p.setFields({ ...TINY_RUN, trainExamples: '100', batchSize: '200' });
  await p.button('train').click();
  await expect(p.errorMessage()).toHaveText('Batch size 200 is larger than the 100 training examples.');
  await expect(p.runState()).toHaveText('error');
  await p.setFields({ batchSize: '20', epochs: '1' });
  await p.button('train').click();
  await expect(p.runState()).toHaveText(/training|finished/);
  await expect(p.errorMessage()).toHaveCount(0);
});

test("trains the classic and the large CNN on the app's WebGPU engine: steps go on, tensors stay flat", async ({ playground: p, backend }) => {
  // The tiny CNN is the journey above's and the MLP train-recovery.spec's: with these two every model of the table trains here.
  test.skip(backend !== 'webgpu', "the app's engine trains on WebGPU only");
  test.setTimeout(240_000);
  for (const model of ['classic', 'large']) {
    await p.open();
    await p.chooseBackend(backend);
    await p.setFields({ ...TINY_RUN, model, batchSize: '8', trainExamples: '160', testExamples: '100', epochs: '1' });
    await p.button('train').click();
    await expect(p.stat('backend')).toHaveText("WebGPU · the app's engine");
    await p.waitForSteps(3);
    const tensorCounts = await p.tensorCountsOverSteps(2);
    expect(new Set(tensorCounts).size, `${model}: tensor counts ${tensorCounts.join(', ')}`).toBe(1);
    // Live bytes and the GPU's bytes (the engine's buffers counted in), read at the next step: unchanged, so no buffer was made.
    const bytes = await p.stat('bytes').textContent();
    await p.waitForSteps((await p.stepCount()) + 1);
    await expect(p.stat('bytes')).toHaveText(bytes ?? '');
    await p.button('stop').click();
    await expect(p.runState()).toHaveText(/stopped|finished/);
    await expect(p.errorMessage()).toHaveCount(0);
  }
});
