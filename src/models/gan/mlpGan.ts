import * as tf from '@tensorflow/tfjs';
import { IMAGE_PIXELS } from '../../config/tunables';
import { discriminatorHead, discriminatorKernel, GAN_IMAGE_SHAPE, generatorKernel } from './ganLayers';
import type { GanModelSpec } from './types';

/** Negative-side slope of the classic MLP GAN's LeakyReLUs. */
const LEAKY_RELU_ALPHA = 0.01;

/** The classic fully connected GAN: G 256-512-1024-784 with LeakyReLU and tanh, D 512-256-1. */
export const mlpGan: GanModelSpec = {
  id: 'mlp',
  buildGenerator(latentSize: number, seed: number): tf.Sequential {
    return tf.sequential({
      name: 'mlp_generator',
      layers: [
        tf.layers.dense({ name: 'g_dense1', inputShape: [latentSize], units: 256, kernelInitializer: generatorKernel(seed, 0) }),
        tf.layers.leakyReLU({ name: 'g_lrelu1', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.dense({ name: 'g_dense2', units: 512, kernelInitializer: generatorKernel(seed, 2) }),
        tf.layers.leakyReLU({ name: 'g_lrelu2', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.dense({ name: 'g_dense3', units: 1024, kernelInitializer: generatorKernel(seed, 4) }),
        tf.layers.leakyReLU({ name: 'g_lrelu3', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.dense({ name: 'g_dense4', units: IMAGE_PIXELS, activation: 'tanh', kernelInitializer: generatorKernel(seed, 6) }),
        tf.layers.reshape({ name: 'g_image', targetShape: GAN_IMAGE_SHAPE }),
      ],
    });
  },
  buildDiscriminator(seed: number): tf.Sequential {
    return tf.sequential({
      name: 'mlp_discriminator',
      layers: [
        tf.layers.flatten({ name: 'd_flatten', inputShape: GAN_IMAGE_SHAPE }),
        tf.layers.dense({ name: 'd_dense1', units: 512, kernelInitializer: discriminatorKernel(seed, 1) }),
        tf.layers.leakyReLU({ name: 'd_lrelu1', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.dense({ name: 'd_dense2', units: 256, kernelInitializer: discriminatorKernel(seed, 3) }),
        tf.layers.leakyReLU({ name: 'd_lrelu2', alpha: LEAKY_RELU_ALPHA }),
        ...discriminatorHead(seed, 5),
      ],
    });
  },
};
