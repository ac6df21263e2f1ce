/**
 * The shape of a data set's images, which the models are built from: square, `side` pixels a side,
 * `channels` values a pixel (1 grayscale, 3 RGB), stored row-major and channel-last (HWC), as Keras
 * and TensorFlow.js take them. The shipped sets are 28 x 28 x 1; a data set of your own may be 32 x 32 x 3.
 */
import { IMAGE_SIDE_PX } from './tunables';

export interface ImageShape {
  readonly side: number;
  readonly channels: number;
}

/** MNIST and Fashion-MNIST: 28 x 28 grayscale. */
export const SHIPPED_IMAGE_SHAPE: ImageShape = { side: IMAGE_SIDE_PX, channels: 1 };

/** Values (bytes in a split, floats in a batch) one image takes. */
export function valuesPerImage(shape: ImageShape): number {
  return shape.side * shape.side * shape.channels;
}

/** A model's input without the batch dimension: [height, width, channels]. */
export function modelInputShape(shape: ImageShape): [number, number, number] {
  return [shape.side, shape.side, shape.channels];
}

export function isColour(shape: ImageShape): boolean {
  return shape.channels > 1;
}
