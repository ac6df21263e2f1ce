/** Flatten and Reshape: the same values in the same order (channel-last rows), so no kernel and no buffer. */
import type * as tf from '@tensorflow/tfjs';
import { msg } from '../../../i18n/message';
import { LINEAR } from '../kernels/activation';
import { sizeOf, type CompiledLayer, type LayerConfig, type LayerKind, type LayerReading } from './types';

function reshaped(name: string, outputShape: readonly number[]): CompiledLayer {
  return {
    name,
    outputShape,
    weights: [],
    activation: LINEAR,
    passThrough: true,
    auxPerExample: 0,
    withActivation: () => null,
    forward: () => [],
    backward: () => [],
  };
}

function read(layer: tf.layers.Layer, inputShape: readonly number[]): LayerReading {
  if (layer.getClassName() === 'Flatten') return { kind: 'layer', layer: reshaped(layer.name, [sizeOf(inputShape)]) };
  const target = (layer.getConfig() as LayerConfig).targetShape;
  if (!Array.isArray(target) || !target.every((d) => typeof d === 'number' && d > 0) || sizeOf(target as number[]) !== sizeOf(inputShape)) {
    return { kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what: `targetShape ${String(target)}` }) };
  }
  return { kind: 'layer', layer: reshaped(layer.name, target as number[]) };
}

export const reshapeKind: LayerKind = { classNames: ['Flatten', 'Reshape'], read };
