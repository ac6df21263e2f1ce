import * as tf from '@tensorflow/tfjs';
import { modelInputShape, type ImageShape } from '../config/imageShape';
import { seededKernel } from './cnnLayers';
import type { CnnModelSpec } from './types';

/** The classic convnet with doubled channels and Dense 128: about 4x the work, where GPUs pull ahead. */
export const largeCnn: CnnModelSpec = {
  id: 'large',
  build(seed: number, classes: number, shape: ImageShape): tf.Sequential {
    return tf.sequential({
      name: 'large_cnn',
      layers: [
        tf.layers.conv2d({
          name: 'conv1',
          inputShape: modelInputShape(shape),
          filters: 64,
          kernelSize: 3,
          activation: 'relu',
          kernelInitializer: seededKernel(seed, 0),
        }),
        tf.layers.maxPooling2d({ name: 'pool1', poolSize: 2 }),
        tf.layers.conv2d({ name: 'conv2', filters: 128, kernelSize: 3, activation: 'relu', kernelInitializer: seededKernel(seed, 2) }),
        tf.layers.maxPooling2d({ name: 'pool2', poolSize: 2 }),
        tf.layers.conv2d({ name: 'conv3', filters: 128, kernelSize: 3, activation: 'relu', kernelInitializer: seededKernel(seed, 4) }),
        tf.layers.flatten({ name: 'flatten' }),
        tf.layers.dense({ name: 'dense1', units: 128, activation: 'relu', kernelInitializer: seededKernel(seed, 6) }),
        tf.layers.dense({ name: 'dense2', units: classes, activation: 'softmax', kernelInitializer: seededKernel(seed, 7) }),
      ],
    });
  },
};
