import * as tf from '@tensorflow/tfjs';
import { discriminatorHead, discriminatorKernel, GAN_IMAGE_SHAPE, generatorKernel } from './ganLayers';
import type { GanModelSpec } from './types';

/** Negative-side slope of the DCGAN paper's LeakyReLUs. */
const LEAKY_RELU_ALPHA = 0.2;
/** Side of the generator's first feature map, pixels; two stride-2 transposed convolutions double it twice to 28. */
const SEED_MAP_SIDE_PX = 7;
const SEED_MAP_CHANNELS = 64;
const HIDDEN_CHANNELS = 32;
const KERNEL_SIDE = 5;
const STRIDE = 2;

/**
 * A small DCGAN sized for a browser: G projects z to a 7x7x64 map and upsamples with two 5x5 stride-2
 * transposed convolutions; D mirrors it with two 5x5 stride-2 convolutions. No batch normalisation: in
 * training mode it updates moving statistics on every forward pass, so a discriminator step (which runs G)
 * would change the generator's state, and this size trains on MNIST without it.
 */
export const dcgan: GanModelSpec = {
  id: 'dcgan',
  buildGenerator(latentSize: number, seed: number): tf.Sequential {
    return tf.sequential({
      name: 'dcgan_generator',
      layers: [
        tf.layers.dense({
          name: 'g_project',
          inputShape: [latentSize],
          units: SEED_MAP_SIDE_PX * SEED_MAP_SIDE_PX * SEED_MAP_CHANNELS,
          kernelInitializer: generatorKernel(seed, 0),
        }),
        tf.layers.leakyReLU({ name: 'g_lrelu1', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.reshape({ name: 'g_seed_map', targetShape: [SEED_MAP_SIDE_PX, SEED_MAP_SIDE_PX, SEED_MAP_CHANNELS] }),
        tf.layers.conv2dTranspose({
          name: 'g_deconv1',
          filters: HIDDEN_CHANNELS,
          kernelSize: KERNEL_SIDE,
          strides: STRIDE,
          padding: 'same',
          kernelInitializer: generatorKernel(seed, 3),
        }),
        tf.layers.leakyReLU({ name: 'g_lrelu2', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.conv2dTranspose({
          name: 'g_image',
          filters: GAN_IMAGE_SHAPE[2],
          kernelSize: KERNEL_SIDE,
          strides: STRIDE,
          padding: 'same',
          activation: 'tanh',
          kernelInitializer: generatorKernel(seed, 5),
        }),
      ],
    });
  },
  buildDiscriminator(seed: number): tf.Sequential {
    return tf.sequential({
      name: 'dcgan_discriminator',
      layers: [
        tf.layers.conv2d({
          name: 'd_conv1',
          inputShape: GAN_IMAGE_SHAPE,
          filters: HIDDEN_CHANNELS,
          kernelSize: KERNEL_SIDE,
          strides: STRIDE,
          padding: 'same',
          kernelInitializer: discriminatorKernel(seed, 0),
        }),
        tf.layers.leakyReLU({ name: 'd_lrelu1', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.conv2d({
          name: 'd_conv2',
          filters: SEED_MAP_CHANNELS,
          kernelSize: KERNEL_SIDE,
          strides: STRIDE,
          padding: 'same',
          kernelInitializer: discriminatorKernel(seed, 2),
        }),
        tf.layers.leakyReLU({ name: 'd_lrelu2', alpha: LEAKY_RELU_ALPHA }),
        tf.layers.flatten({ name: 'd_flatten' }),
        ...discriminatorHead(seed, 5),
      ],
    });
  },
};
