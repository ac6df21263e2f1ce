import * as tf from '@tensorflow/tfjs';

type KernelInitializer = ReturnType<typeof tf.initializers.glorotUniform>;

/** Glorot-uniform kernel initializer seeded per layer, so one run seed fixes every layer's initial weights. */
export function seededKernel(seed: number, layerIndex: number): KernelInitializer {
  return tf.initializers.glorotUniform({ seed: seed + layerIndex });
}
