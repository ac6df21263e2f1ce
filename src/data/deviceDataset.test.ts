import * as tf from '@tensorflow/tfjs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PIXELS, NUM_CLASSES } from '../config/tunables';
import { BatchStream, DeviceDataset, HostDataset, type PrefetchMode } from './deviceDataset';
import { loadDataset } from './loadDataset';
import { createFileReader } from './nodeReader';
import { shuffledIndices } from './random';
import type { ImageSplit } from './types';

const DATA_ROOT = fileURLToPath(new URL('../../public/data/', import.meta.url));
/** Example i of the synthetic split has every pixel equal to i, so a batch reveals which examples it holds. */
const SYNTHETIC_COUNT = 256;
const BATCH_SIZE = 30;
const SEED = 42;

function syntheticSplit(count: number): ImageSplit {
  const images = new Uint8Array(count * IMAGE_PIXELS);
  for (let i = 0; i < count; i++) images.fill(i, i * IMAGE_PIXELS, (i + 1) * IMAGE_PIXELS);
  return { count, images, labels: Uint8Array.from({ length: count }, (_, i) => (i * 7) % NUM_CLASSES) };
}

/** Which synthetic examples a unit-scaled batch holds: pixel value * 255 of each image's first pixel. */
async function exampleIds(xs: tf.Tensor4D): Promise<number[]> {
  const firstPixels = tf.tidy(() => xs.slice([0, 0, 0, 0], [-1, 1, 1, 1]).reshape([-1]));
  const ids = Array.from(await firstPixels.data(), (v) => Math.round(v * 255));
  firstPixels.dispose();
  return ids;
}

const allIndices = (count: number) => Int32Array.from({ length: count }, (_, i) => i);

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

afterEach(() => {
  tf.disposeVariables();
});

describe('DeviceDataset', () => {
  it('serves [N,28,28,1] float32 images in [0,1] and one-hot [N,10] labels matching real MNIST labels', async () => {
    const mnist = await loadDataset('mnist', createFileReader(DATA_ROOT), undefined, { train: 2000, test: 100 });
    const before = tf.memory().numTensors;
    const data = DeviceDataset.upload(mnist.train, { scale: 'unit', classes: NUM_CLASSES });
    expect(data.count).toBe(2000);
    const indices = Int32Array.of(0, 1, 2, 1999, 500, 7);
    const { xs, ys } = data.batch(indices);
    expect(xs.shape).toEqual([6, 28, 28, 1]);
    expect(ys.shape).toEqual([6, NUM_CLASSES]);
    expect(xs.dtype).toBe('float32');
    expect(ys.dtype).toBe('float32');
    const oneHot = await ys.array();
    indices.forEach((example, row) => {
      const expected = Array.from({ length: NUM_CLASSES }, (_, c) => (c === mnist.train.labels[example] ? 1 : 0));
      expect(oneHot[row]).toEqual(expected);
    });
    const pixels = await xs.data();
    const original = mnist.train.images.subarray(1999 * IMAGE_PIXELS, 2000 * IMAGE_PIXELS);
    const row = pixels.subarray(3 * IMAGE_PIXELS, 4 * IMAGE_PIXELS);
    expect(original.some((v) => v > 0)).toBe(true);
    original.forEach((v, i) => expect(row[i]).toBeCloseTo(v / 255, 6));
    tf.dispose([xs, ys]);
    data.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it.each([
    ['unit', 0, 1],
    ['symmetric', -1, 1],
  ] as const)('scales pixels 0..255 to [%s] range %d..%d', async (scale, low, high) => {
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale, classes: NUM_CLASSES });
    const { xs, ys } = data.batch(allIndices(SYNTHETIC_COUNT));
    const summary = tf.tidy(() => tf.stack([xs.min(), xs.max(), xs.slice([128, 5, 5, 0], [1, 1, 1, 1]).reshape([])]));
    const [min, max, mid] = await summary.data();
    expect(min).toBeCloseTo(low, 6);
    expect(max).toBeCloseTo(high, 6);
    expect(mid).toBeCloseTo(low + ((high - low) * 128) / 255, 6);
    tf.dispose([xs, ys, summary]);
    data.dispose();
  });

  it('rejects indices outside the split, mismatched splits, and use after dispose', () => {
    const data = DeviceDataset.upload(syntheticSplit(10), { scale: 'unit', classes: NUM_CLASSES });
    expect(() => data.batch(Int32Array.of(0, 10))).toThrow(/index 10 is outside 0..9/);
    expect(() => data.batch(Int32Array.of(-1))).toThrow(/index -1/);
    data.dispose();
    expect(() => data.batch(Int32Array.of(0))).toThrow(/after dispose/);
    const broken = { ...syntheticSplit(10), labels: new Uint8Array(9) };
    expect(() => DeviceDataset.upload(broken, { scale: 'unit', classes: NUM_CLASSES })).toThrow(/Cannot upload a split of 10 examples/);
  });
});

describe('BatchStream', () => {
  it('walks seeded shuffled epochs, drops the last partial batch, and rolls over', async () => {
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale: 'unit', classes: NUM_CLASSES });
    const stream = new BatchStream(data, BATCH_SIZE, SEED);
    const steps = Math.floor(SYNTHETIC_COUNT / BATCH_SIZE);
    expect(stream.stepsPerEpoch).toBe(steps);
    const epochOrders: number[][] = [[], [], []];
    for (let i = 0; i < 3 * steps; i++) {
      const { xs, ys, epoch, stepInEpoch } = stream.next();
      expect(epoch).toBe(Math.floor(i / steps));
      expect(stepInEpoch).toBe(i % steps);
      expect(xs.shape).toEqual([BATCH_SIZE, 28, 28, 1]);
      expect(ys.shape).toEqual([BATCH_SIZE, NUM_CLASSES]);
      const ids = await exampleIds(xs);
      const classes = ys.argMax(-1);
      const labels = Array.from(await classes.data());
      classes.dispose();
      expect(labels).toEqual(ids.map((id) => (id * 7) % NUM_CLASSES));
      epochOrders[epoch].push(...ids);
      tf.dispose([xs, ys]);
    }
    epochOrders.forEach((order, epoch) => {
      const expected = Array.from(shuffledIndices(SYNTHETIC_COUNT, SEED, epoch).subarray(0, steps * BATCH_SIZE));
      expect(order).toEqual(expected);
      expect(new Set(order).size).toBe(steps * BATCH_SIZE);
    });
    expect(epochOrders[1]).not.toEqual(epochOrders[0]);
    stream.dispose();
    data.dispose();
  });

  it('prefetches the following batch and keeps the tensor count flat when the caller disposes', () => {
    const start = tf.memory().numTensors;
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale: 'symmetric', classes: NUM_CLASSES });
    const stream = new BatchStream(data, 16, SEED);
    const first = stream.next();
    // dataset (2) + the batch handed out (2) + the one already gathered for the next call (2)
    expect(tf.memory().numTensors).toBe(start + 6);
    tf.dispose([first.xs, first.ys]);
    const steady = tf.memory().numTensors;
    for (let i = 0; i < 200; i++) {
      const { xs, ys } = stream.next();
      tf.dispose([xs, ys]);
      expect(tf.memory().numTensors).toBe(steady);
    }
    stream.dispose();
    expect(() => stream.next()).toThrow(/after dispose/);
    data.dispose();
    expect(tf.memory().numTensors).toBe(start);
  });

  it('keeps its prefetched batch alive across an enclosing tf.tidy', async () => {
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale: 'unit', classes: NUM_CLASSES });
    const stream = new BatchStream(data, 8, SEED);
    const first = tf.tidy(() => {
      const batch = stream.next();
      return tf.add(batch.xs, 0).sum();
    });
    first.dispose();
    const next = stream.next();
    expect(next.xs.isDisposed).toBe(false);
    expect(await exampleIds(next.xs)).toEqual(Array.from(shuffledIndices(SYNTHETIC_COUNT, SEED, 0).subarray(8, 16)));
    tf.dispose([next.xs, next.ys]);
    stream.dispose();
    data.dispose();
  });

  it('gives the same batches for the same seed and different ones for another seed', async () => {
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale: 'unit', classes: NUM_CLASSES });
    const firstIds = async (seed: number) => {
      const stream = new BatchStream(data, BATCH_SIZE, seed);
      const { xs, ys } = stream.next();
      const ids = await exampleIds(xs);
      tf.dispose([xs, ys]);
      stream.dispose();
      return ids;
    };
    expect(await firstIds(SEED)).toEqual(await firstIds(SEED));
    expect(await firstIds(SEED + 1)).not.toEqual(await firstIds(SEED));
    data.dispose();
  });

  it('rejects a batch size that is not 1..count', () => {
    const data = DeviceDataset.upload(syntheticSplit(10), { scale: 'unit', classes: NUM_CLASSES });
    expect(() => new BatchStream(data, 0, SEED)).toThrow(/Batch size 0/);
    expect(() => new BatchStream(data, 11, SEED)).toThrow(/Batch size 11/);
    expect(() => new BatchStream(data, 2.5, SEED)).toThrow(/Batch size 2.5/);
    expect(new BatchStream(data, 10, SEED).stepsPerEpoch).toBe(1);
    data.dispose();
  });

  it.each(['eager', 'after-step', 'off'] as const)('hands out the same batches whatever the prefetch mode (%s), and holds as many as it says', async (mode: PrefetchMode) => {
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale: 'unit', classes: NUM_CLASSES });
    const start = tf.memory().numTensors;
    const stream = new BatchStream(data, 16, SEED, { prefetch: mode });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { xs, ys } = stream.next();
      stream.prefetch();
      // The batch handed out, plus one gathered ahead except with prefetch off.
      expect(tf.memory().numTensors).toBe(start + 2 + (mode === 'off' ? 0 : 2));
      expect(stream.prefetchedBytes).toBe(mode === 'off' ? 0 : 16 * (IMAGE_PIXELS + NUM_CLASSES) * 4);
      ids.push(...(await exampleIds(xs)));
      tf.dispose([xs, ys]);
    }
    expect(ids).toEqual(Array.from(shuffledIndices(SYNTHETIC_COUNT, SEED, 0).subarray(0, 80)));
    expect(stream.position).toBe(5);
    stream.dispose();
    expect(tf.memory().numTensors).toBe(start);
    data.dispose();
  });

  it('seeks to a position and continues exactly where a stream that ran there would be', async () => {
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale: 'unit', classes: NUM_CLASSES });
    const through = new BatchStream(data, 16, SEED, { prefetch: 'after-step' });
    for (let i = 0; i < 20; i++) {
      const { xs, ys } = through.next();
      through.prefetch();
      tf.dispose([xs, ys]);
    }
    const resumed = new BatchStream(data, 16, SEED, { prefetch: 'after-step' });
    const { xs: early, ys: earlyLabels } = resumed.next();
    resumed.prefetch();
    tf.dispose([early, earlyLabels]);
    resumed.seek(20);
    expect(resumed.position).toBe(20);
    for (let i = 0; i < 3; i++) {
      const a = through.next();
      const b = resumed.next();
      expect(b.epoch).toBe(a.epoch);
      expect(await exampleIds(b.xs)).toEqual(await exampleIds(a.xs));
      tf.dispose([a.xs, a.ys, b.xs, b.ys]);
    }
    expect(() => resumed.seek(-1)).toThrow(RangeError);
    through.dispose();
    resumed.dispose();
    data.dispose();
  });

  it('draws fewer batches per epoch when asked, and starts the next epoch after them', () => {
    const data = DeviceDataset.upload(syntheticSplit(SYNTHETIC_COUNT), { scale: 'unit', classes: NUM_CLASSES });
    const stream = new BatchStream(data, 16, SEED, { batchesPerEpoch: 12, prefetch: 'off' });
    expect(stream.stepsPerEpoch).toBe(12);
    const epochs = Array.from({ length: 13 }, () => {
      const b = stream.next();
      tf.dispose([b.xs, b.ys]);
      return b.epoch;
    });
    expect(epochs.slice(-2)).toEqual([0, 1]);
    expect(() => new BatchStream(data, 16, SEED, { batchesPerEpoch: 17 })).toThrow(/batches per epoch/);
    stream.dispose();
    data.dispose();
  });
});

describe('HostDataset', () => {
  it('builds in JS exactly the batches the device gathers, and keeps nothing on the device', async () => {
    const split = syntheticSplit(SYNTHETIC_COUNT);
    const device = DeviceDataset.upload(split, { scale: 'symmetric', classes: NUM_CLASSES });
    const host = new HostDataset(split, 'symmetric', NUM_CLASSES);
    expect(host.residentBytes).toBe(0);
    expect(device.residentBytes).toBe(SYNTHETIC_COUNT * (IMAGE_PIXELS + NUM_CLASSES) * 4);
    const indices = Int32Array.of(5, 200, 0, 77);
    const a = device.batch(indices);
    const b = host.batch(indices);
    expect(Array.from(await b.xs.data())).toEqual(Array.from(await a.xs.data()));
    expect(Array.from(await b.ys.data())).toEqual(Array.from(await a.ys.data()));
    expect(b.xs.shape).toEqual([4, 28, 28, 1]);
    tf.dispose([a.xs, a.ys, b.xs, b.ys]);
    expect(() => host.batch(Int32Array.of(SYNTHETIC_COUNT))).toThrow(/outside/);
    host.dispose();
    expect(() => host.batch(Int32Array.of(0))).toThrow(/after dispose/);
    device.dispose();
  });
});
