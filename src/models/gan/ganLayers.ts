import * as tf from '@tensorflow/tfjs';
import { IMAGE_SIDE_PX } from '../../config/tunables';

/** Every GAN image: one grey-scale 28x28 picture, [height, width, channels], pixels in [-1, 1]. */
export const GAN_IMAGE_SHAPE: [number, number, number] = [IMAGE_SIDE_PX, IMAGE_SIDE_PX, 1];

/** Seed offset for discriminator layers, so G and D draw unrelated initial weights from one run seed. */
const DISCRIMINATOR_SEED_OFFSET = 1000;

type KernelInitializer = ReturnType<typeof tf.initializers.glorotUniform>;

/** Glorot-uniform kernel initializer of the generator's layer layerIndex, seeded from the run seed. */
export function generatorKernel(seed: number, layerIndex: number): KernelInitializer {
  return tf.initializers.glorotUniform({ seed: seed + layerIndex });
}

/** Glorot-uniform kernel initializer of the discriminator's layer layerIndex, seeded from the run seed. */
export function discriminatorKernel(seed: number, layerIndex: number): KernelInitializer {
  return tf.initializers.glorotUniform({ seed: seed + DISCRIMINATOR_SEED_OFFSET + layerIndex });
}

/** The discriminator's head: a linear Dense 1 (the logit) then a sigmoid, as two layers. */
export function discriminatorHead(seed: number, layerIndex: number): tf.layers.Layer[] {
  return [
    tf.layers.dense({ name: 'd_logit', units: 1, kernelInitializer: discriminatorKernel(seed, layerIndex) }),
    tf.layers.activation({ name: 'd_prob', activation: 'sigmoid' }),
  ];
}
