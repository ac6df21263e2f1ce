import { BACKEND_LABELS } from '../src/config/backends';
import { expect, test } from './fixtures';
import { PlaygroundPage } from './pages/playgroundPage';
import { downloadTensorBoardLog, stepsByTag } from './tensorboard';

test('trains the MLP GAN on WebAssembly: samples redraw, D/G losses chart, single D and G steps, stop; tensors flat; its TensorBoard log', async ({ page, backend }) => {
  // On WebGL, gan-recovery.spec trains the same GAN (samples redraw, both curves, tensors flat); the single D and G
  // steps are the same engine code on every backend, and the plain-JS cpu backend's GAN steps are unit-tested
  // (ganSteps.test.ts). WebAssembly, the default without a GPU, takes a third of plain JS's time (CI time).
  test.skip(backend !== 'cpu', 'the GPU backends train the MLP GAN in gan-recovery.spec (CI time)');
  const p = new PlaygroundPage(page, 'gan');
  const grid = p.root.getByTestId('sample-grid');
  await p.open();
  await p.chooseBackend('wasm');
  // 20,000 steps: still going when the journey pauses and stops it.
  await p.setFields({ model: 'mlp', digit: '1', batchSize: '16', steps: '20000', seed: '3' });
  await p.button('train').click();

  await expect(p.stat('backend')).toHaveText(BACKEND_LABELS.wasm);
  await expect.poll(async () => Number(await grid.getAttribute('data-redraws')), { message: 'sample grid redraws', timeout: 120_000 }).toBeGreaterThanOrEqual(3);
  await expect.poll(() => p.chartPoints('gan-loss'), { message: 'D/G loss chart receives points' }).toBeGreaterThanOrEqual(6);
  await expect(p.root.getByTestId('quality-note')).not.toBeEmpty();

  const tensorCounts = await p.tensorCountsOverSteps(4);
  expect(new Set(tensorCounts).size, `tensor counts ${tensorCounts.join(', ')}`).toBe(1);

  await p.button('pause').click();
  await expect(p.runState()).toHaveText('paused');
  const pausedAt = await p.stepCount();
  await p.button('step-d').click();
  await expect.poll(() => p.stepCount()).toBe(pausedAt + 1);
  await p.button('step-g').click();
  await expect.poll(() => p.stepCount()).toBe(pausedAt + 2);
  await expect(p.runState()).toHaveText('paused');
  expect(await p.tensorCount()).toBe(tensorCounts[0]);

  await p.button('stop').click();
  await expect(p.runState()).toHaveText('stopped');
  await expect(p.errorMessage()).toHaveCount(0);

  const log = await downloadTensorBoardLog(page, p.root.getByTestId('btn-tensorboard-gan'));
  const tags = Object.keys(stepsByTag(log.events));
  expect(tags).toEqual(expect.arrayContaining(['train/dLoss', 'train/gLoss', 'speed/examples_per_sec', 'run/settings']));
  expect(tags.some((tag) => tag.startsWith('weights/generator/')), 'the generator’s weights').toBe(true);
  expect(tags.some((tag) => tag.startsWith('weights/discriminator/')), 'the discriminator’s weights').toBe(true);
});
