import type * as tf from '@tensorflow/tfjs';
import type { ImageShape } from '../config/imageShape';

/** Classes a classifier tells apart: the width of its softmax output, [batch, classes]. */
export function classCountOf(model: tf.LayersModel): number {
  const width = model.outputs[0].shape[1];
  if (typeof width !== 'number' || width < 1) throw new Error(`A classifier's output is [batch, classes]; this one is [${model.outputs[0].shape.join(', ')}].`);
  return width;
}

/** The image shape a classifier was built for, from its input [batch, side, side, channels]. */
export function imageShapeOf(model: tf.LayersModel): ImageShape {
  const [, height, width, channels] = model.inputs[0].shape;
  if (typeof height !== 'number' || height !== width || typeof channels !== 'number') throw new Error(`A classifier's input is [batch, side, side, channels]; this one is [${model.inputs[0].shape.join(', ')}].`);
  return { side: height, channels };
}
