import * as tf from '@tensorflow/tfjs';
import { median } from '../../metrics/stats';
import type { StepAnatomy, SyncCost } from '../protocol/lab';

const BYTES_PER_FLOAT32 = 4;

/** One training batch as it sits in host memory before upload. */
export interface HostBatch {
  xs: Float32Array;
  xsShape: number[];
  ys: Float32Array;
  ysShape: number[];
}

export type LossFn = (labels: tf.Tensor, outputs: tf.Tensor) => tf.Scalar;

export interface AnatomyOptions {
  warmup: number;
  runs: number;
  /** Defaults to mean categorical cross-entropy of softmax outputs. */
  loss?: LossFn;
}

const meanCrossEntropy: LossFn = (labels, outputs) => tf.mean(tf.metrics.categoricalCrossentropy(labels, outputs)) as tf.Scalar;

/** Times upload, compute and read-back of one training step on the current backend; trains the model. */
export async function timeStepAnatomy(model: tf.LayersModel, optimizer: tf.Optimizer, batch: HostBatch, opts: AnatomyOptions): Promise<StepAnatomy> {
  checkCounts(opts.warmup, opts.runs);
  const loss = opts.loss ?? meanCrossEntropy;
  const times = { upload: [] as number[], compute: [] as number[], readBack: [] as number[], syncFloor: [] as number[] };
  let readBackBytes = 0;
  for (let i = 0; i < opts.warmup + opts.runs; i++) {
    const run = await timeOneStep(model, optimizer, batch, loss);
    readBackBytes = run.readBackBytes;
    if (i < opts.warmup) continue;
    times.upload.push(run.uploadMs);
    times.compute.push(run.computeMs);
    times.readBack.push(run.readBackMs);
    times.syncFloor.push(run.syncFloorMs);
  }
  return {
    backend: tf.getBackend(),
    uploadMs: median(times.upload),
    computeMs: median(times.compute),
    readBackMs: median(times.readBack),
    syncFloorMs: median(times.syncFloor),
    uploadBytes: (batch.xs.length + batch.ys.length) * BYTES_PER_FLOAT32,
    readBackBytes,
    runs: opts.runs,
  };
}

async function timeOneStep(model: tf.LayersModel, optimizer: tf.Optimizer, batch: HostBatch, loss: LossFn) {
  let start = performance.now();
  const xs = tf.tensor(batch.xs, batch.xsShape, 'float32');
  const ys = tf.tensor(batch.ys, batch.ysShape, 'float32');
  try {
    await readOneElement(xs, ys);
    const uploadMs = performance.now() - start;

    start = performance.now();
    await readOneElement(xs);
    const syncFloorMs = performance.now() - start;

    start = performance.now();
    const cost = optimizer.minimize(() => loss(ys, model.apply(xs, { training: true }) as tf.Tensor), true) as tf.Scalar;
    await cost.data();
    const computeMs = performance.now() - start;
    cost.dispose();

    const predictions = model.predict(xs) as tf.Tensor;
    try {
      await readOneElement(predictions); // computed, so the next read times the transfer only
      start = performance.now();
      await predictions.data();
      return { uploadMs, computeMs, readBackMs: performance.now() - start, syncFloorMs, readBackBytes: predictions.size * BYTES_PER_FLOAT32 };
    } finally {
      predictions.dispose();
    }
  } finally {
    xs.dispose();
    ys.dispose();
  }
}

/** Forces tensors to be uploaded/computed on the device with one sync that reads one value of each. */
async function readOneElement(...tensors: tf.Tensor[]): Promise<void> {
  const one = tf.tidy(() => tf.concat(tensors.map((t) => tf.slice(tf.reshape(t, [-1]), 0, 1))));
  try {
    await one.data();
  } finally {
    one.dispose();
  }
}

/**
 * ms per step for `steps` steps when reading every loss back versus every k-th one. The last
 * loss is always read, so both timings include all the work; earlier unread losses are disposed.
 */
export async function syncCost(stepFn: () => tf.Scalar, steps: number, everyK: number): Promise<SyncCost> {
  if (!Number.isInteger(steps) || steps < 1) throw new Error(`steps must be a positive integer, got ${steps}`);
  if (!Number.isInteger(everyK) || everyK < 1) throw new Error(`everyK must be a positive integer, got ${everyK}`);
  await runSteps(stepFn, 1, 1); // warm-up: kernels compiled before either timing
  return { steps, everyK, syncEveryStepMs: await runSteps(stepFn, steps, 1), syncEveryKMs: await runSteps(stepFn, steps, everyK) };
}

async function runSteps(stepFn: () => tf.Scalar, steps: number, syncEvery: number): Promise<number> {
  const start = performance.now();
  for (let i = 1; i <= steps; i++) {
    const loss = stepFn();
    if (i % syncEvery === 0 || i === steps) await loss.data();
    loss.dispose();
  }
  return (performance.now() - start) / steps;
}

function checkCounts(warmup: number, runs: number): void {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a positive integer, got ${runs}`);
  if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`warmup must be a non-negative integer, got ${warmup}`);
}
