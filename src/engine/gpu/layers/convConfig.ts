/** What the engine reads of a Conv2D or Conv2DTranspose layer's config, or why it cannot run it. */
import type * as tf from '@tensorflow/tfjs';
import { msg, type Message } from '../../../i18n/message';
import { activationNamed, type Activation } from '../kernels/activation';
import type { Padding } from './convGeometry';
import { numberPair, type LayerConfig } from './types';

export interface ConvConfig {
  kernel: [number, number];
  strides: [number, number];
  padding: Padding;
  filters: number;
  activation: Activation;
  useBias: boolean;
}

export function readConvConfig(layer: tf.layers.Layer, inputShape: readonly number[]): ConvConfig | { refused: Message } {
  const config = layer.getConfig() as LayerConfig;
  const refuse = (what: string) => ({ refused: msg('engine.gpu.refused.layer', { layer: layer.name, what }) });
  const kernel = numberPair(config.kernelSize);
  const strides = numberPair(config.strides ?? 1);
  const dilation = numberPair(config.dilationRate ?? 1);
  const activation = activationNamed(config.activation);
  if (inputShape.length !== 3) return refuse(`input [${inputShape.join(', ')}]`);
  if (!kernel || typeof config.filters !== 'number') return refuse('kernelSize');
  if (!strides || strides[0] < 1 || strides[1] < 1) return refuse(`strides ${String(config.strides)}`);
  if (!dilation || dilation[0] !== 1 || dilation[1] !== 1) return refuse(`dilationRate ${String(config.dilationRate)}`);
  if (config.padding !== 'valid' && config.padding !== 'same') return refuse(`padding ${String(config.padding)}`);
  if ((config.dataFormat ?? 'channelsLast') !== 'channelsLast') return refuse(`dataFormat ${String(config.dataFormat)}`);
  if (!activation || activation.kind === 'softmax') return refuse(`activation ${String(config.activation)}`);
  return { kernel, strides, padding: config.padding, filters: config.filters, activation, useBias: config.useBias !== false };
}
