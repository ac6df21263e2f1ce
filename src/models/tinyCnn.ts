import * as tf from '@tensorflow/tfjs';
import { modelInputShape, type ImageShape } from '../config/imageShape';
import { seededKernel } from './cnnLayers';
import type { CnnModelSpec } from './types';

/** A tiny convnet (conv 8-16, no hidden dense layer) that still learns MNIST, for slow software-rendered devices. */
export const tinyCnn: CnnModelSpec = {
  id: 'tiny',
  build(seed: number, classes: number, shape: ImageShape): tf.Sequential {
    return tf.sequential({
      name: 'tiny_cnn',
      layers: [
        tf.layers.conv2d({
          name: 'conv1',
          inputShape: modelInputShape(shape),
          filters: 8,
          kernelSize: 3,
          activation: 'relu',
          kernelInitializer: seededKernel(seed, 0),
        }),
        tf.layers.maxPooling2d({ name: 'pool1', poolSize: 2 }),
        tf.layers.conv2d({ name: 'conv2', filters: 16, kernelSize: 3, activation: 'relu', kernelInitializer: seededKernel(seed, 2) }),
        tf.layers.maxPooling2d({ name: 'pool2', poolSize: 2 }),
        tf.layers.flatten({ name: 'flatten' }),
        tf.layers.dense({ name: 'dense1', units: classes, activation: 'softmax', kernelInitializer: seededKernel(seed, 5) }),
      ],
    });
  },
};
