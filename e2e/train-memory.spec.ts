import { expect, test } from './fixtures';

/** A workload small enough for software-rendered backends on two cores. */
const TINY_RUN = {
  model: 'tiny',
  batchSize: '16',
  learningRate: '0.01',
  trainExamples: '640',
  testExamples: '100',
  epochs: '1',
  seed: '7',
};

test('a memory budget below the prediction refuses the run before upload, with the numbers and what to lower', async ({ playground: p, backend }) => {
  test.skip(backend !== 'cpu', 'the prediction reads the layer shapes, not the device, and the refusal is the same engine code on every backend; training on each backend is train-cnn.spec.ts\'s (CI time)');
  await p.open();
  await p.chooseBackend(backend);
  await p.setFields({ ...TINY_RUN, memoryBudgetMb: '1' });
  await p.button('train').click();

  await expect(p.errorMessage()).toContainText(/Refused before upload: this run is predicted to need [\d.]+ MB, over the 1 MB memory budget \(weights [\d.]+ MB, Adam state/);
  await expect(p.errorMessage()).toContainText('To fit, ');
  await expect(p.stat('step')).toHaveText('–');
  await expect(p.button('train')).toBeEnabled();

  // The app stays usable: the same run without a budget trains.
  await p.setFields({ memoryBudgetMb: '0' });
  await p.button('train').click();
  await p.waitForSteps(3);
  await expect(p.errorMessage()).toHaveCount(0);
  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');
});

test('accumulates gradients over micro-batches, uploads batches from JS, and shows the memory split and data wait', async ({ playground: p, backend }) => {
  test.skip(backend !== 'cpu', 'accumulation and JS uploads are the same engine code on every backend; one project runs them (CI time)');
  await p.open();
  // WebAssembly, the default without a GPU: the 80 micro-batches take a third of the plain-JS backend's time (CI time).
  await p.chooseBackend('wasm');
  await p.setFields({ ...TINY_RUN, trainExamples: '7680', accumulationSteps: '4', dataPlacement: 'host', prefetch: 'off' });
  await expect(p.root.getByTestId('accumulation-note')).toContainText('each optimizer step sees 64 examples while memory holds one micro-batch of 16');
  await p.button('train').click();

  await expect(p.stat('effective-batch')).toHaveText('64 (16 × 4)');
  // 7680 examples / (16 x 4) = 120 optimizer steps in the epoch.
  await expect(p.stat('step')).toHaveText(/^\d+ \/ 120 \(epoch 1\)$/);
  // Paused at once, then stepped: WebAssembly on the app's kernels runs this epoch in about a second, so a pause
  // after waiting for some steps could come after the run's end.
  await p.button('pause').click();
  await expect(p.runState()).toHaveText('paused');
  await p.button('step').click();
  await expect(p.stat('memory-predicted')).toHaveText(/^[\d.]+ [kM]B \/ [\d.]+ [kM]B$/);
  await expect(p.stat('data-wait')).toHaveText(/^[\d.]+ ms$/);
  const tensorCounts = await p.tensorCountsStepByStep(3);
  expect(new Set(tensorCounts).size, `tensor counts ${tensorCounts.join(', ')}`).toBe(1);
  await p.button('resume').click();
  await expect(p.runState()).toHaveText('finished', { timeout: 120_000 });
  await expect(p.errorMessage()).toHaveCount(0);
});

test('trains in 16-bit floats where TensorFlow.js can, and says why not where it cannot', async ({ playground: p, backend }) => {
  await p.open();
  await p.chooseBackend(backend);
  // 20 passes of 40 steps, so the run is still going when the journey stops it.
  await p.setFields({ ...TINY_RUN, learningRate: '0.005', precision: 'float16', epochs: '20' });
  if (backend !== 'webgl') {
    await expect(p.fieldError('precision')).toContainText('16-bit floats are not available on');
    await expect(p.button('train')).toBeDisabled();
    return;
  }
  await p.button('train').click();
  await expect(p.stat('precision')).toHaveText('16-bit floats (WEBGL_FORCE_F16_TEXTURES)');
  await expect
    .poll(async () => {
      const l = await p.losses();
      return l ? l.latest / l.first : 1;
    }, { message: 'train loss falls in 16 bits', timeout: 120_000 })
    .toBeLessThan(0.9);
  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');

  // The next run asks for float32 again and gets it: the 16-bit flags do not outlive their run.
  await p.setFields({ precision: 'float32' });
  await p.button('train').click();
  await expect(p.stat('precision')).toHaveText('32-bit floats');
  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');
});
