import * as tf from '@tensorflow/tfjs';
import { SHIPPED_IMAGE_SHAPE, valuesPerImage, type ImageShape } from '../config/imageShape';
import { shuffledIndices } from './random';
import type { ImageSplit } from './types';

/** 'unit' maps pixels 0..255 to [0, 1] (classifiers); 'symmetric' to [-1, 1] (GANs with a tanh generator). */
export type PixelScale = 'unit' | 'symmetric';

const MAX_PIXEL_VALUE = 255;
const BYTES_PER_FLOAT = 4;

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

/** One-hot rows of width `classes`; a label outside 0..classes-1 is refused, never silently dropped. */
export function oneHot(labels: Uint8Array, classes: number): Float32Array {
  const out = new Float32Array(labels.length * classes);
  labels.forEach((label, i) => {
    if (label >= classes) throw new RangeError(`Label ${label} of example ${i} is outside 0..${classes - 1}.`);
    out[i * classes + label] = 1;
  });
  return out;
}

/** Where a BatchStream gathers its batches from: examples on the device, or in JS memory. */
export interface BatchSource {
  readonly count: number;
  /** Bytes it keeps on the device (0 for a source in JS memory). */
  readonly residentBytes: number;
  /** The examples at `indices` as a new batch; the caller disposes it. */
  batch(indices: Int32Array): Batch;
  dispose(): void;
}

function checkIndices(indices: Int32Array, count: number): void {
  for (const index of indices) {
    if (index < 0 || index >= count) throw new RangeError(`Example index ${index} is outside 0..${count - 1}.`);
  }
}

function checkSplit(split: ImageSplit, shape: ImageShape): void {
  if (split.images.length !== split.count * valuesPerImage(shape) || split.labels.length !== split.count) {
    throw new Error(`Cannot upload a split of ${split.count} examples with ${split.images.length} pixel bytes and ${split.labels.length} labels.`);
  }
}

/** One split resident on the current tf backend, uploaded once; batches are gathered on the device. */
export class DeviceDataset implements BatchSource {
  private disposed = false;

  private constructor(
    private readonly images: tf.Tensor4D,
    private readonly labels: tf.Tensor2D,
    readonly count: number,
  ) {}

  /**
   * Uploads images as float32 [N, side, side, channels] (the shape given, 28 x 28 x 1 when none is) and
   * one-hot float32 labels [N, classes]; the caller owns the result and disposes it.
   */
  static upload(split: ImageSplit, opts: { scale: PixelScale; classes: number; shape?: ImageShape }): DeviceDataset {
    const { count } = split;
    const shape = opts.shape ?? SHIPPED_IMAGE_SHAPE;
    checkSplit(split, shape);
    // keep(): the data must outlive any tf.tidy the caller happens to be in.
    const images = tf.keep(tf.tensor4d(scaledPixels(split.images, opts.scale), [count, shape.side, shape.side, shape.channels], 'float32'));
    const labels = tf.keep(tf.tensor2d(oneHot(split.labels, opts.classes), [count, opts.classes], 'float32'));
    return new DeviceDataset(images, labels, count);
  }

  /** Gathers the examples at `indices` (0..count-1) on the device; the caller disposes the batch. */
  get residentBytes(): number {
    return this.disposed ? 0 : this.images.size * BYTES_PER_FLOAT + this.labels.size * BYTES_PER_FLOAT;
  }

  batch(indices: Int32Array): Batch {
    if (this.disposed) throw new Error('DeviceDataset.batch() called after dispose().');
    checkIndices(indices, this.count);
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

/**
 * One split kept in JS memory as bytes: each batch is gathered, scaled and one-hot encoded in JS,
 * then uploaded as new tensors, the way a pipeline without device-resident data feeds a GPU.
 */
export class HostDataset implements BatchSource {
  readonly residentBytes = 0;
  private disposed = false;

  constructor(
    private readonly split: ImageSplit,
    private readonly scale: PixelScale,
    private readonly classes: number,
    private readonly shape: ImageShape = SHIPPED_IMAGE_SHAPE,
  ) {
    checkSplit(split, shape);
  }

  get count(): number {
    return this.split.count;
  }

  batch(indices: Int32Array): Batch {
    if (this.disposed) throw new Error('HostDataset.batch() called after dispose().');
    checkIndices(indices, this.count);
    const perImage = valuesPerImage(this.shape);
    const pixels = new Uint8Array(indices.length * perImage);
    const labels = new Uint8Array(indices.length);
    indices.forEach((example, row) => {
      pixels.set(this.split.images.subarray(example * perImage, (example + 1) * perImage), row * perImage);
      labels[row] = this.split.labels[example];
    });
    return {
      xs: tf.tensor4d(scaledPixels(pixels, this.scale), [indices.length, this.shape.side, this.shape.side, this.shape.channels], 'float32'),
      ys: tf.tensor2d(oneHot(labels, this.classes), [indices.length, this.classes], 'float32'),
    };
  }

  dispose(): void {
    this.disposed = true;
  }
}

/**
 * When a BatchStream gathers the batch after the one it hands out: 'eager' inside next() (the GAN),
 * 'after-step' when the caller calls prefetch() once its step is dispatched, so the gather overlaps
 * the step; 'off' only when next() is called, so the step waits for its batch.
 */
export type PrefetchMode = 'eager' | 'after-step' | 'off';

export interface StreamOptions {
  prefetch?: PrefetchMode;
  /** Batches per epoch when fewer than all the whole ones are wanted (gradient accumulation keeps whole optimizer steps). */
  batchesPerEpoch?: number;
}

export interface StreamBatch extends Batch {
  /** 0-based epoch the batch belongs to. */
  epoch: number;
  /** 0-based step within that epoch, < stepsPerEpoch. */
  stepInEpoch: number;
}

/**
 * Endless shuffled batches over a BatchSource, one seeded order per epoch, the last partial batch dropped.
 * Ownership: next()'s xs/ys belong to the caller, who disposes them; the stream owns only its prefetched
 * batch (freed by dispose()); the source stays its creator's.
 */
export class BatchStream {
  readonly stepsPerEpoch: number;
  private readonly prefetchMode: PrefetchMode;
  private order: Int32Array = new Int32Array(0);
  private orderEpoch = -1;
  /** Position of the next batch to gather, counted in batches since the start. */
  private nextStep = 0;
  private prefetched: StreamBatch | null = null;
  private disposed = false;

  constructor(
    private readonly source: BatchSource,
    private readonly batchSize: number,
    private readonly seed: number,
    options: StreamOptions = {},
  ) {
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > source.count) {
      throw new RangeError(`Batch size ${batchSize} must be a whole number from 1 to the ${source.count} examples.`);
    }
    const whole = Math.floor(source.count / batchSize);
    const wanted = options.batchesPerEpoch ?? whole;
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > whole) throw new RangeError(`${wanted} batches per epoch must be a whole number from 1 to ${whole}.`);
    this.stepsPerEpoch = wanted;
    this.prefetchMode = options.prefetch ?? 'eager';
  }

  /** Batches handed out so far (the position a checkpoint records). */
  get position(): number {
    return this.nextStep - (this.prefetched ? 1 : 0);
  }

  /** The next batch: the prefetched one, or one gathered now. */
  next(): StreamBatch {
    if (this.disposed) throw new Error('BatchStream.next() called after dispose().');
    const current = this.prefetched ?? this.gatherNext();
    this.prefetched = null;
    if (this.prefetchMode === 'eager') this.prefetched = this.gatherNext();
    return current;
  }

  /** Gathers the following batch now, in 'after-step' mode, once the caller's step is dispatched. */
  prefetch(): void {
    if (this.disposed || this.prefetchMode !== 'after-step' || this.prefetched) return;
    this.prefetched = this.gatherNext();
  }

  /** Continues from batch `position` (counted from the start), as a run restored from a checkpoint does. */
  seek(position: number): void {
    if (!Number.isInteger(position) || position < 0) throw new RangeError(`Stream position ${position} must be a whole number of at least 0.`);
    this.dropPrefetched();
    this.nextStep = position;
  }

  /** Bytes of the batch gathered ahead, if any. */
  get prefetchedBytes(): number {
    return this.prefetched ? (this.prefetched.xs.size + this.prefetched.ys.size) * BYTES_PER_FLOAT : 0;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.dropPrefetched();
  }

  private dropPrefetched(): void {
    if (this.prefetched) tf.dispose([this.prefetched.xs, this.prefetched.ys]);
    this.prefetched = null;
  }

  private gatherNext(): StreamBatch {
    const epoch = Math.floor(this.nextStep / this.stepsPerEpoch);
    const stepInEpoch = this.nextStep % this.stepsPerEpoch;
    this.nextStep++;
    if (epoch !== this.orderEpoch) {
      this.order = shuffledIndices(this.source.count, this.seed, epoch);
      this.orderEpoch = epoch;
    }
    const start = stepInEpoch * this.batchSize;
    const { xs, ys } = this.source.batch(this.order.subarray(start, start + this.batchSize));
    // keep(): a batch prefetched inside the caller's tf.tidy must survive it until the next call hands it over.
    return { xs: tf.keep(xs), ys: tf.keep(ys), epoch, stepInEpoch };
  }
}
