/** LeakyReLU, ReLU and Activation layers: no kernel of their own, folded into the product before them. */
import type * as tf from '@tensorflow/tfjs';
import { msg } from '../../../i18n/message';
import { activationNamed } from '../kernels/activation';
import type { LayerConfig, LayerKind, LayerReading } from './types';

/** TensorFlow.js's LeakyReLU default slope. */
const DEFAULT_ALPHA = 0.3;

function read(layer: tf.layers.Layer): LayerReading {
  const config = layer.getConfig() as LayerConfig;
  switch (layer.getClassName()) {
    case 'LeakyReLU':
      return { kind: 'activation', name: layer.name, activation: { kind: 'leakyRelu', alpha: typeof config.alpha === 'number' ? config.alpha : DEFAULT_ALPHA } };
    case 'ReLU':
      if (config.maxValue !== undefined && config.maxValue !== null) break;
      return { kind: 'activation', name: layer.name, activation: { kind: 'relu' } };
    default: {
      const activation = activationNamed(config.activation);
      if (activation) return { kind: 'activation', name: layer.name, activation };
    }
  }
  return { kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what: layer.getClassName() }) };
}

export const activationLayerKind: LayerKind = { classNames: ['LeakyReLU', 'ReLU', 'Activation'], read };
