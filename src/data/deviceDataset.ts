import * as tf from '@tensorflow/tfjs';
import { IMAGE_PIXELS, IMAGE_SIDE_PX, NUM_CLASSES } from '../config/tunables';
import { shuffledIndices } from './random';
import type { ImageSplit } from './types';

/** 'unit' maps pixels 0..255 to [0, 1] (classifiers); 'symmetric' to [-1, 1] (GANs with a tanh generator). */
export type PixelScale = 'unit' | 'symmetric';

const MAX_PIXEL_VALUE = 255;

export interface Batch {
  xs: tf.Tensor4D;
  ys: tf.Tensor2D;
}

function scaledPixels(images: Uint8Array, scale: PixelScale): Float32Array {
  const out = new Float32Array(images.length);
  if (scale === 'unit') {
    for (let i = 0; i < images.length; i++) out[i] = images[i] / MAX_PIXEL_VALUE;
  } else {
    for (let i = 0; i < images.length; i++) out[i] = (images[i] / MAX_PIXEL_VALUE) * 2 - 1;
  }
  return out;
}

function oneHot(labels: Uint8Array): Float32Array {
  const out = new Float32Array(labels.length * NUM_CLASSES);
  labels.forEach((label, i) => {
    out[i * NUM_CLASSES + label] = 1;
  });
  return out;
}

/** One split resident on the current tf backend, uploaded once; batches are gathered on the device. */
export class DeviceDataset {
  private disposed = false;

  private constructor(
    private readonly images: tf.Tensor4D,
    private readonly labels: tf.Tensor2D,
    readonly count: number,
  ) {}

  /** Uploads images as float32 [N,28,28,1] and one-hot float32 labels [N,10]; the caller owns the result and disposes it. */
  static upload(split: ImageSplit, opts: { scale: PixelScale }): DeviceDataset {
    const { count } = split;
    if (split.images.length !== count * IMAGE_PIXELS || split.labels.length !== count) {
      throw new Error(`Cannot upload a split of ${count} examples with ${split.images.length} pixel bytes and ${split.labels.length} labels.`);
    }
    // keep(): the data must outlive any tf.tidy the caller happens to be in.
    const images = tf.keep(tf.tensor4d(scaledPixels(split.images, opts.scale), [count, IMAGE_SIDE_PX, IMAGE_SIDE_PX, 1], 'float32'));
    const labels = tf.keep(tf.tensor2d(oneHot(split.labels), [count, NUM_CLASSES], 'float32'));
    return new DeviceDataset(images, labels, count);
  }

  /** Gathers the examples at `indices` (0..count-1) on the device; the caller disposes the batch. */
  batch(indices: Int32Array): Batch {
    if (this.disposed) throw new Error('DeviceDataset.batch() called after dispose().');
    for (const index of indices) {
      if (index < 0 || index >= this.count) throw new RangeError(`Example index ${index} is outside 0..${this.count - 1}.`);
    }
    return tf.tidy(() => {
      const picked = tf.tensor1d(indices, 'int32');
      return { xs: tf.gather(this.images, picked), ys: tf.gather(this.labels, picked) };
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.images.dispose();
    this.labels.dispose();
  }
}

export interface StreamBatch extends Batch {
  /** 0-based epoch the batch belongs to. */
  epoch: number;
  /** 0-based step within that epoch, < stepsPerEpoch. */
  stepInEpoch: number;
}

/**
 * Endless shuffled batches over a DeviceDataset, one seeded order per epoch, the last partial batch dropped.
 * Prefetches: each next() returns the batch gathered on the previous call and dispatches the following gather,
 * so the gather overlaps the caller's step. Ownership: next()'s xs/ys belong to the caller, who disposes them;
 * the stream owns only its prefetched batch (freed by dispose()); the DeviceDataset stays its uploader's.
 */
export class BatchStream {
  readonly stepsPerEpoch: number;
  private order: Int32Array = new Int32Array(0);
  private orderEpoch = -1;
  /** Position of the next batch to gather, counted in batches since the start. */
  private nextStep = 0;
  private prefetched: StreamBatch | null = null;
  private disposed = false;

  constructor(
    private readonly dataset: DeviceDataset,
    private readonly batchSize: number,
    private readonly seed: number,
  ) {
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > dataset.count) {
      throw new RangeError(`Batch size ${batchSize} must be a whole number from 1 to the ${dataset.count} examples.`);
    }
    this.stepsPerEpoch = Math.floor(dataset.count / batchSize);
  }

  /** Batches handed out so far (the position a checkpoint records). */
  get position(): number {
    return this.nextStep - (this.prefetched ? 1 : 0);
  }

  /** Continues from batch `position` (counted from the start), as a run restored from a checkpoint does. */
  seek(position: number): void {
    if (!Number.isInteger(position) || position < 0) throw new RangeError(`Stream position ${position} must be a whole number of at least 0.`);
    if (this.prefetched) tf.dispose([this.prefetched.xs, this.prefetched.ys]);
    this.prefetched = null;
    this.nextStep = position;
  }

  next(): StreamBatch {
    if (this.disposed) throw new Error('BatchStream.next() called after dispose().');
    const current = this.prefetched ?? this.gatherNext();
    this.prefetched = this.gatherNext();
    return current;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.prefetched) tf.dispose([this.prefetched.xs, this.prefetched.ys]);
    this.prefetched = null;
  }

  private gatherNext(): StreamBatch {
    const epoch = Math.floor(this.nextStep / this.stepsPerEpoch);
    const stepInEpoch = this.nextStep % this.stepsPerEpoch;
    this.nextStep++;
    if (epoch !== this.orderEpoch) {
      this.order = shuffledIndices(this.dataset.count, this.seed, epoch);
      this.orderEpoch = epoch;
    }
    const start = stepInEpoch * this.batchSize;
    const { xs, ys } = this.dataset.batch(this.order.subarray(start, start + this.batchSize));
    // keep(): a batch prefetched inside the caller's tf.tidy must survive it until the next call hands it over.
    return { xs: tf.keep(xs), ys: tf.keep(ys), epoch, stepInEpoch };
  }
}
