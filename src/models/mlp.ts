import * as tf from '@tensorflow/tfjs';
import { modelInputShape, type ImageShape } from '../config/imageShape';
import { seededKernel } from './cnnLayers';
import type { CnnModelSpec } from './types';

/** A dense-only baseline: no convolution, so it also trains on backends without conv gradients (wasm). */
export const mlp: CnnModelSpec = {
  id: 'mlp',
  build(seed: number, classes: number, shape: ImageShape): tf.Sequential {
    return tf.sequential({
      name: 'mlp',
      layers: [
        tf.layers.flatten({ name: 'flatten', inputShape: modelInputShape(shape) }),
        tf.layers.dense({ name: 'dense1', units: 128, activation: 'relu', kernelInitializer: seededKernel(seed, 1) }),
        tf.layers.dense({ name: 'dense2', units: classes, activation: 'softmax', kernelInitializer: seededKernel(seed, 2) }),
      ],
    });
  },
};
