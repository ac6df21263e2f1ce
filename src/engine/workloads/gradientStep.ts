import * as tf from '@tensorflow/tfjs';
import type { Batch } from '../../data/deviceDataset';

/** The loss to minimise on one batch, and the per-step scalars to report with it. */
export type BatchObjective = (xs: tf.Tensor, ys: tf.Tensor) => { loss: tf.Scalar; extras: Record<string, tf.Scalar> };

export interface BatchFeed {
  /** The next micro-batch; the step disposes it. */
  next(): Batch;
  /** Called once each micro-batch's math is dispatched (where a prefetching pipeline gathers the next one). */
  afterDispatch?(): void;
}

/**
 * One optimizer step over k micro-batches: each micro-batch's gradients are summed on the device,
 * and their mean (the gradient of one batch of k x micro-batch examples, since the loss is a mean)
 * is applied once. Only one micro-batch's activations and one set of sums are alive at a time, so
 * memory follows the micro-batch. With k = 1 it is exactly optimizer.minimize on the one batch.
 * The gradients come in the order of `variables`, which fixes the order of Adam's moments.
 */
export function accumulatedStep(
  optimizer: tf.Optimizer,
  variables: readonly tf.Variable[],
  accumulationSteps: number,
  feed: BatchFeed,
  objective: BatchObjective,
): Record<string, tf.Scalar> {
  let sums: tf.NamedTensorMap | null = null;
  const perMicro: Record<string, tf.Scalar>[] = [];
  let result: Record<string, tf.Scalar> | null = null;
  try {
    for (let micro = 0; micro < accumulationSteps; micro++) {
      const { xs, ys } = feed.next();
      let extras: Record<string, tf.Scalar> = {};
      try {
        const { value, grads } = optimizer.computeGradients(() => {
          const out = objective(xs, ys);
          // keep(): the extras (e.g. accuracy) outlive computeGradients' own tidy.
          extras = Object.fromEntries(Object.entries(out.extras).map(([name, t]) => [name, tf.keep(t)]));
          return out.loss;
        }, variables as tf.Variable[]);
        perMicro.push({ loss: value, ...extras });
        sums = sums === null ? grads : addInto(sums, grads);
      } catch (err) {
        tf.dispose(Object.values(extras));
        throw err;
      } finally {
        tf.dispose([xs, ys]);
      }
      feed.afterDispatch?.();
    }
    const summed = sums as tf.NamedTensorMap | null;
    if (summed === null) throw new Error('An optimizer step needs at least one micro-batch.');
    if (accumulationSteps === 1) optimizer.applyGradients(summed);
    else {
      const means = tf.tidy(() => Object.fromEntries(Object.entries(summed).map(([name, g]) => [name, tf.div(g, accumulationSteps)])));
      optimizer.applyGradients(means);
      tf.dispose(Object.values(means));
    }
    result = meanOf(perMicro);
    return result;
  } finally {
    if (sums) tf.dispose(Object.values(sums));
    for (const scalars of perMicro) if (scalars !== result) tf.dispose(Object.values(scalars));
  }
}

/** Adds `grads` into `sums` (both freed) and returns the new sums, in the same key order. */
function addInto(sums: tf.NamedTensorMap, grads: tf.NamedTensorMap): tf.NamedTensorMap {
  const next = tf.tidy(() => Object.fromEntries(Object.entries(sums).map(([name, sum]) => [name, tf.add(sum, grads[name])])));
  tf.dispose([...Object.values(sums), ...Object.values(grads)]);
  return next;
}

/** The k micro-batches' scalars as one step's: their means (the single micro-batch's own scalars when k = 1). */
function meanOf(perMicro: Record<string, tf.Scalar>[]): Record<string, tf.Scalar> {
  if (perMicro.length === 1) return perMicro[0];
  const names = Object.keys(perMicro[0]);
  return tf.tidy(() => Object.fromEntries(names.map((name) => [name, tf.mean(tf.stack(perMicro.map((s) => s[name]))) as tf.Scalar])));
}
