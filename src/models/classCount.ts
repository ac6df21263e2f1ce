import type * as tf from '@tensorflow/tfjs';

/** Classes a classifier tells apart: the width of its softmax output, [batch, classes]. */
export function classCountOf(model: tf.LayersModel): number {
  const width = model.outputs[0].shape[1];
  if (typeof width !== 'number' || width < 1) throw new Error(`A classifier's output is [batch, classes]; this one is [${model.outputs[0].shape.join(', ')}].`);
  return width;
}
