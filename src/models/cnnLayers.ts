import * as tf from '@tensorflow/tfjs';
import { IMAGE_SIDE_PX } from '../config/tunables';

/** Input of every CNN: one grey-scale MNIST-like image, [height, width, channels]. */
export const CNN_INPUT_SHAPE: [number, number, number] = [IMAGE_SIDE_PX, IMAGE_SIDE_PX, 1];

type KernelInitializer = ReturnType<typeof tf.initializers.glorotUniform>;

/** Glorot-uniform kernel initializer seeded per layer, so one run seed fixes every layer's initial weights. */
export function seededKernel(seed: number, layerIndex: number): KernelInitializer {
  return tf.initializers.glorotUniform({ seed: seed + layerIndex });
}
