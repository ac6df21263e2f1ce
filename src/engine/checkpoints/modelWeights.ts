/** A model's weights read back from the device by name, and written into a freshly built model of the same shape. */
import * as tf from '@tensorflow/tfjs';
import type { NamedValues } from './networkState';

/** Every weight in model.weights order, by its layer-scoped name (conv1/kernel), one read each. */
export async function readModelWeights(model: tf.LayersModel): Promise<NamedValues[]> {
  return Promise.all(model.weights.map(async (w) => ({ name: w.originalName, shape: w.shape.map((d) => d ?? 0), values: Float32Array.from(await w.read().data()) })));
}

/** Sets `model`'s weights from `weights` (same names, shapes and order); throws on the first that does not fit. */
export function writeModelWeights(model: tf.LayersModel, weights: readonly NamedValues[]): void {
  const own = model.weights;
  if (weights.length !== own.length) throw new Error(`The checkpoint holds ${weights.length} weight tensors; this model has ${own.length}.`);
  weights.forEach((saved, i) => {
    const w = own[i];
    if (saved.name !== w.originalName || saved.shape.join('x') !== w.shape.join('x')) {
      throw new Error(`Checkpoint weight ${saved.name} [${saved.shape.join(', ')}] does not fit this model's ${w.originalName} [${w.shape.join(', ')}].`);
    }
  });
  const values = weights.map((saved) => tf.tensor(saved.values, saved.shape, 'float32'));
  model.setWeights(values);
  tf.dispose(values);
}
