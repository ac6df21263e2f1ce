import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import path from 'node:path';
import { colourFolder } from '../src/data/own/testing/colourFixtures';
import { drawShape, grayPng, type Shape } from '../src/data/own/testing/pictures';
import { axeViolations } from './axe';
import { expectAllChinese } from './chineseText';
import { PlaygroundPage } from './pages/playgroundPage';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * Your own data: a folder of 3 classes x 40 generated pictures is imported (decoded by the browser in
 * the data set worker), becomes the Data set, trains the tiny CNN on WebAssembly to over 90% test
 * accuracy, and the confusion matrix names its classes; its .gpds file downloads, and loads back to
 * the same set after it is deleted; a link naming a set this browser lacks is refused in a sentence, and
 * the run's own result link names the set by its name and size and cannot run where the set is not kept.
 */

const SHAPES: readonly Shape[] = ['cross', 'ring', 'square'];
const PER_CLASS = 40;
/** 3 x 40 pictures split 80 / 20 per class. */
const TRAIN_IMAGES = 96;
const TEST_IMAGES = 24;

/** Dark shapes on white paper at 32 x 32 (the importer inverts, fits and centres them to 28 x 28), one folder per class. */
function shapesFolder(root: string): string {
  const folder = path.join(root, 'shapes');
  rmSync(folder, { recursive: true, force: true });
  for (const shape of SHAPES) {
    mkdirSync(path.join(folder, shape), { recursive: true });
    for (let v = 0; v < PER_CLASS; v++) writeFileSync(path.join(folder, shape, `${v}.png`), grayPng(32, 32, drawShape(shape, 32, 32, v, 0, 255)));
  }
  return folder;
}

/** 3 classes x 8 coloured shapes on light paper, 40 x 30 PNGs (the test helpers' colour folder), written to disk. */
function photosFolder(root: string): string {
  const folder = path.join(root, 'photos');
  rmSync(folder, { recursive: true, force: true });
  for (const entry of colourFolder(8)) {
    mkdirSync(path.dirname(path.join(root, entry.path)), { recursive: true });
    writeFileSync(path.join(root, entry.path), entry.bytes);
  }
  return folder;
}

/** The browser's own JPEG encoder, in the page: each 32 x 32 grey picture as the bytes of a real JPEG file. */
async function jpegsInPage(page: Page, pictures: Uint8Array[]): Promise<Uint8Array[]> {
  const encoded = await page.evaluate(async (grays: number[][]) => {
    const out: number[][] = [];
    for (const gray of grays) {
      const canvas = new OffscreenCanvas(32, 32);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      const image = context.createImageData(32, 32);
      gray.forEach((v, i) => image.data.set([v, v, v, 255], i * 4));
      context.putImageData(image, 0, 0);
      out.push([...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer())]);
    }
    return out;
  }, pictures.map((p) => [...p]));
  return encoded.map((bytes) => Uint8Array.from(bytes));
}

/** Drops one file on the import panel's drop zone, as a drag from the desktop does (dragover, then drop with its DataTransfer). */
async function dropFile(page: Page, zone: string, name: string, bytes: Uint8Array): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, data]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(data)], fileName, { type: 'application/zip' }));
      return dt;
    },
    [name, [...bytes]] as const,
  );
  await page.dispatchEvent(zone, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(zone, 'drop', { dataTransfer: transfer });
}

test.beforeEach(({ backend }) => {
  test.skip(backend !== 'cpu', 'the import and the page are the same on every backend; the run trains on WebAssembly (CI time)');
});

test('a folder of pictures becomes a data set that trains on WebAssembly and WebGL, names its classes, and round-trips as a .gpds file', async ({ playground: p, page }, testInfo) => {
  const folder = shapesFolder(testInfo.outputPath());
  await page.goto('/#v=4&w=cnn&dataset=own:0123456789abcdef');
  // A link naming a set this browser does not hold: one sentence, and no Train.
  await expect(p.root.getByTestId('own-data-missing')).toHaveText(/^This browser does not hold the data set own:0123456789abcdef: load its data set file/);
  await expect(p.button('train')).toBeDisabled();

  await p.root.getByTestId('own-data').locator('summary').click();
  const panel = p.root.getByTestId('own-data');
  await expect(panel.getByTestId('own-data-none')).toBeVisible();
  await panel.getByTestId('own-data-name').fill('Shapes');
  await panel.getByTestId('own-data-folder').setInputFiles(folder);
  await expect(panel.getByTestId('own-data-outcome')).toHaveText(`Kept Shapes: 3 classes, ${TRAIN_IMAGES} training and ${TEST_IMAGES} test images. It is now the data set of the Train view.`);
  const id = await panel.getByTestId('own-data-item').getAttribute('data-id');
  expect(id).toMatch(/^own:[0-9a-f]{16}$/);
  await expect(p.field('dataset')).toHaveValue(id as string);
  await expect(p.root.getByTestId('own-data-missing')).toHaveCount(0);
  await expect(p.root.getByTestId('own-data-chosen')).toContainText('Shapes: 3 classes');
  // The example counts say how many of its own images a run uses, not of MNIST's 60,000.
  await expect(p.root.getByTestId('field-note-trainExamples')).toHaveText(`uses ${TRAIN_IMAGES} of this data set’s ${TRAIN_IMAGES}`);
  expect(await axeViolations(page, '[data-testid="own-data"]')).toEqual([]);

  // The file downloads; deleted, the set is missing (said so); the file loads back to the same set.
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('own-data-download').click()]);
  expect(download.suggestedFilename()).toBe('Shapes.gpds');
  const file = testInfo.outputPath('Shapes.gpds');
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 4).toString()).toBe('GPDS');
  await panel.getByTestId('own-data-delete').click();
  await expect(panel.getByTestId('own-data-none')).toBeVisible();
  await expect(p.root.getByTestId('own-data-missing')).toBeVisible();
  await panel.getByTestId('own-data-file').setInputFiles(file);
  await expect(panel.getByTestId('own-data-item')).toHaveAttribute('data-id', id as string);
  await expect(p.field('dataset')).toHaveValue(id as string);

  // The GAN studio on the set: its Digit options are All and the set's classes by name, not 0-9.
  await page.getByTestId('tab-gan').click();
  const gan = new PlaygroundPage(page, 'gan');
  await gan.field('dataset').selectOption(id as string);
  expect((await gan.field('digit').locator('option').allTextContents()).slice(1)).toEqual([...SHAPES]);
  await page.getByTestId('tab-train').click();

  // The tiny CNN on WebAssembly: 12 steps an epoch.
  await p.chooseBackend('wasm');
  await p.setFields({ model: 'tiny', batchSize: '8', epochs: '12', learningRate: '0.01', seed: '3' });
  await p.button('train').click();
  await expect(p.runState()).toHaveText('finished', { timeout: 60_000 });
  const accuracy = Number(/^([\d.]+)%/.exec(await p.stat('test-accuracy').innerText())?.[1]);
  expect(accuracy, 'test accuracy on the 24 held-out pictures').toBeGreaterThan(90);

  await page.getByTestId('view-train').getByTestId('btn-look-inside').click();
  const inspect = page.getByTestId('view-inspect');
  await inspect.getByTestId('btn-confusion').click();
  const matrix = inspect.getByTestId('confusion-matrix');
  await expect(matrix).toBeVisible();
  // Corner, the three classes by name, the share right.
  await expect(matrix.locator('thead th')).toHaveCount(5);
  expect((await matrix.locator('thead th').allInnerTexts()).slice(1, 4)).toEqual([...SHAPES]);
  expect(await matrix.locator('tbody th').allInnerTexts()).toEqual([...SHAPES]);
  // Its draw-a-digit pad prepares a drawing as the set's drawings are made, not as MNIST's.
  await expect(inspect.getByTestId('draw-preprocess-note')).toHaveText(/^Made like a drawing of your data set/);

  // The same set trains on a GPU backend too (here SwiftShader's WebGL): the device worker reads it the same way.
  // Three epochs: they reach the same accuracy there (100% of 24 in trials; twelve took 27 s on SwiftShader).
  await page.getByTestId('tab-train').click();
  await p.chooseBackend('webgl');
  await p.setFields({ epochs: '3' });
  await p.button('train').click();
  // The page reads 'finished' from the run on WebAssembly until this one starts.
  await expect(p.runState()).not.toHaveText('finished');
  await expect(p.runState()).toHaveText('finished', { timeout: 120_000 });
  const onWebgl = Number(/^([\d.]+)%/.exec(await p.stat('test-accuracy').innerText())?.[1]);
  expect(onWebgl, 'test accuracy on WebGL').toBeGreaterThan(90);

  // Its result link names the set by its name, format and size; where the set is not kept, "run it here" says so and the sender's result stays.
  const bar = page.getByTestId('run-share-cnn');
  await bar.getByTestId('btn-share').click();
  const link = await bar.getByTestId('share-link').inputValue();
  await panel.getByTestId('own-data-delete').click();
  await expect(panel.getByTestId('own-data-none')).toBeVisible();
  await page.goto(link);
  const shared = page.getByTestId('shared-panel');
  const named = `Shapes (your own: 28 × 28 grayscale, 3 classes, ${TRAIN_IMAGES} + ${TEST_IMAGES} images)`;
  await expect(shared.getByTestId('shared-workload')).toContainText(`Tiny CNN, ${named}, batch 8`);
  await shared.getByTestId('btn-run-here').click();
  await expect(shared.getByTestId('compare-note')).toHaveText(`This browser does not hold ${named}, the data set the sender trained on: load its data set file (.gpds) under “Your data” to run it here.`);
  await expect(shared.getByTestId('shared-result')).toBeVisible();
});

test('a zip of real JPEG pictures dropped on the panel is decoded by the browser, kept, and trains past chance', async ({ playground: p, page }) => {
  await p.open();
  await p.root.getByTestId('own-data').locator('summary').click();
  const perClass = 20;
  const pictures = SHAPES.flatMap((shape) => Array.from({ length: perClass }, (_, v) => drawShape(shape, 32, 32, v, 0, 255)));
  const jpegs = await jpegsInPage(page, pictures);
  // Real JPEG files: the SOI marker and a JFIF or Exif segment, not a header made up for a test.
  for (const jpeg of jpegs) expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const zip = zipSync(Object.fromEntries(jpegs.map((jpeg, i) => [`jpegs/${SHAPES[Math.floor(i / perClass)]}/${i % perClass}.jpg`, jpeg])));
  await dropFile(page, '[data-testid="view-train"] [data-testid="own-data-drop"]', 'jpegs.zip', zip);
  await expect(p.root.getByTestId('own-data-outcome')).toHaveText('Kept jpegs: 3 classes, 48 training and 12 test images. It is now the data set of the Train view.');

  await p.chooseBackend('wasm');
  await p.setFields({ model: 'tiny', batchSize: '8', epochs: '12', learningRate: '0.01', seed: '3' });
  await p.button('train').click();
  await expect(p.runState()).toHaveText('finished', { timeout: 60_000 });
  const accuracy = Number(/^([\d.]+)%/.exec(await p.stat('test-accuracy').innerText())?.[1]);
  // 9 of 12 held-out pictures right: guessing among three classes gets there in 0.05% of runs.
  expect(accuracy, 'test accuracy on the 12 held-out JPEGs').toBeGreaterThanOrEqual(75);
});

test('in Chinese, by keyboard: the refusal of a missing set, the Your data group opened with Enter, and no English in it or its drawing part', async ({ playground: p, page }) => {
  await page.goto('/#v=4&w=cnn&lang=zh-CN&dataset=own:0123456789abcdef');
  await expect(p.root.getByTestId('own-data-missing')).toHaveText(/^这个浏览器中没有数据集 own:0123456789abcdef/);
  const summary = p.root.getByTestId('own-data').locator('summary');
  await expect(summary).toHaveText('你的数据');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(p.root.getByTestId('own-data-none')).toHaveText('还没有。');
  await page.keyboard.press('Tab');
  await expect(p.root.getByTestId('own-data-name')).toBeFocused();
  expect(await axeViolations(page, '[data-testid="own-data"]')).toEqual([]);
  // A kept set listed (a tiny CSV, no training): its class names are Latin, the set's own words, shown as data.
  const row = (label: string) => [label, ...Array.from({ length: 784 }, (_, i) => i % 255)].join(',');
  await p.root.getByTestId('own-data-name').fill('形状');
  await p.root.getByTestId('own-data-file').setInputFiles({ name: 'tiny.csv', mimeType: 'text/csv', buffer: Buffer.from(['cross', 'cross', 'ring', 'ring'].map(row).join('\n')) });
  await expect(p.root.getByTestId('own-data-item')).toHaveCount(1);
  await expect(p.root.getByTestId('own-data-outcome')).toHaveText(/^已保存 形状：2 个类别/);
  // With its drawing part opened too, no English word anywhere in the panel: texts, options, accessible names and titles.
  await p.root.getByTestId('own-data-draw').locator('summary').click();
  await expect(p.root.getByTestId('own-draw-classes')).toBeVisible();
  await expectAllChinese(page, { within: '[data-testid="view-train"] [data-testid="own-data"]' });
});

test('a folder of colour pictures kept as 32 x 32 colour: it trains, look-inside hides its pad, the GAN studio refuses it', async ({ playground: p, page }, testInfo) => {
  const folder = photosFolder(testInfo.outputPath());
  await page.goto('/#v=4&w=cnn');
  await p.root.getByTestId('own-data').locator('summary').click();
  const panel = p.root.getByTestId('own-data');
  await panel.getByTestId('own-data-name').fill('Photos');
  await panel.getByTestId('own-data-format').selectOption('colour32');
  await panel.getByTestId('own-data-folder').setInputFiles(folder);
  await expect(panel.getByTestId('own-data-outcome')).toHaveText(/^Kept Photos: 3 classes, \d+ training and \d+ test images\./);
  const id = (await panel.getByTestId('own-data-item').getAttribute('data-id')) as string;
  await expect(p.root.getByTestId('own-data-chosen')).toContainText('Its images are 32 × 32 colour: every model is built for 32 × 32 × 3 input.');
  expect(await axeViolations(page, '[data-testid="own-data"]')).toEqual([]);

  // A few steps of the tiny CNN built for 32 x 32 x 3 on WebAssembly; look-inside shows its confusion matrix and no pad.
  await p.chooseBackend('wasm');
  await p.setFields({ model: 'tiny', batchSize: '8', epochs: '1', seed: '3' });
  await p.button('train').click();
  await expect(p.runState()).toHaveText('finished', { timeout: 60_000 });
  await page.getByTestId('view-train').getByTestId('btn-look-inside').click();
  const inspect = page.getByTestId('view-inspect');
  await inspect.getByTestId('btn-confusion').click();
  await expect(inspect.getByTestId('confusion-matrix')).toBeVisible();
  expect(await inspect.getByTestId('confusion-matrix').locator('tbody th').allInnerTexts()).toEqual([...SHAPES]);
  await expect(inspect.getByTestId('draw-colour-note')).toHaveText(/^Drawing a digit needs a model of 28 x 28 grayscale images; this one was trained on 32 x 32 colour images/);

  // The GAN makes 28 x 28 grayscale images: the colour set is refused in one sentence, and Train stays off.
  const gan = new PlaygroundPage(page, 'gan');
  await page.getByTestId('tab-gan').click();
  await gan.setFields({ dataset: id });
  await expect(gan.root.getByTestId('gan-colour-refused')).toHaveText('The GAN studio makes 28 x 28 grayscale images, and Photos holds 32 x 32 colour images: pick MNIST, Fashion-MNIST or a grayscale set of your own.');
  await expect(gan.button('train')).toBeDisabled();
});
