import * as tf from '@tensorflow/tfjs';
import { median, percentile } from '../../metrics/stats';
import type { MatmulSweepPoint } from '../protocol/lab';

const BYTES_PER_FLOAT32 = 4;
const FLOPS_PER_MULTIPLY_ADD = 2;
/** Fixed seed: timings should not depend on which random matrices were drawn. */
const MATRIX_SEED = 42;
const P90 = 90;

export interface MatmulOptions {
  /** Untimed runs first: shader compilation, input upload, texture/buffer allocation, JIT. */
  warmup: number;
  /** Timed runs; the summary is over these. */
  runs: number;
}

/** One timed size, on the backend tfjs reports (the lab's sweep point before it is tied to a backend id). */
export type MatmulPoint = Omit<MatmulSweepPoint, 'backend'> & { backend: string };

export function matmulFlops(size: number): number {
  return FLOPS_PER_MULTIPLY_ADD * size ** 3;
}

/** Times C = A·B for n×n float32 matrices on the current backend; leaves no tensors behind. */
export async function matmulPoint(size: number, opts: MatmulOptions): Promise<MatmulPoint> {
  if (!Number.isInteger(size) || size < 1) throw new Error(`matrix size must be a positive integer, got ${size}`);
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error(`runs must be a positive integer, got ${opts.runs}`);
  if (!Number.isInteger(opts.warmup) || opts.warmup < 0) throw new Error(`warmup must be a non-negative integer, got ${opts.warmup}`);
  const backend = tf.getBackend();
  const a = tf.randomUniform<tf.Rank.R2>([size, size], -1, 1, 'float32', MATRIX_SEED);
  const b = tf.randomUniform<tf.Rank.R2>([size, size], -1, 1, 'float32', MATRIX_SEED + 1);
  try {
    for (let i = 0; i < opts.warmup; i++) await timedProduct(a, b);
    const times: number[] = [];
    for (let i = 0; i < opts.runs; i++) times.push(await timedProduct(a, b));
    const flops = matmulFlops(size);
    const medianMs = median(times);
    return {
      size,
      backend,
      flops,
      medianMs,
      p90Ms: percentile(times, P90),
      minMs: Math.min(...times),
      gflops: flops / (medianMs * 1e6),
      readBackBytes: size * size * BYTES_PER_FLOAT32,
    };
  } finally {
    a.dispose();
    b.dispose();
  }
}

/**
 * Read-back choice: the whole product is read with `await c.data()`. It is the one sync that
 * behaves the same on every backend and proves every element was computed, without adding a
 * kernel (a sum would); its cost grows as n² against the product's n³, so it matters only at
 * small n, where readBackBytes shows how much of the time it can be.
 */
async function timedProduct(a: tf.Tensor2D, b: tf.Tensor2D): Promise<number> {
  const start = performance.now();
  const c = tf.matMul(a, b);
  try {
    await c.data();
    return performance.now() - start;
  } finally {
    c.dispose();
  }
}
