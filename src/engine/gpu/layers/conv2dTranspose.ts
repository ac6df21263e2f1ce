/**
 * Conv2DTranspose (any stride, 'valid' or 'same' padding, channel-last): the input gradient of the
 * convolution it reverses (convGeometry.ts), so its forward pass is that convolution's input-gradient
 * products (one per output phase), with its bias and activation fused into their store; its input's
 * gradient is that convolution run forward over the output's gradient; its kernel's gradient is the
 * convolution's kernel gradient with the two sides swapped, and its bias's a sum per channel.
 */
import type * as tf from '@tensorflow/tfjs';
import { msg } from '../../../i18n/message';
import { ACTIVATION_HELPERS, applyActivation, throughActivation, type Activation } from '../kernels/activation';
import { readConvConfig } from './convConfig';
import { transposedGeometry, type ConvGeometry } from './convGeometry';
import { channelSumSpec, convSpec, inputGradientSpec, kernelGradientSpec, phasePixel, phasesOf } from './convProducts';
import type { CompiledLayer, KernelPart, LayerIO, LayerKind, LayerReading } from './types';

/** g: the convolution reversed; the layer's input is g's output [OH, OW, F], its output g's input [H, W, C]. */
function transposedLayer(name: string, g: ConvGeometry, useBias: boolean, activation: Activation): CompiledLayer {
  const { H, W, C, KH, KW, F } = g;
  const kernelSize = KH * KW * C * F;
  return {
    name,
    outputShape: [H, W, C],
    // TensorFlow.js's conv2dTranspose kernel is [KH, KW, out channels, in channels]: g's [KH, KW, C, F].
    weights: useBias ? [{ name: `${name}/kernel`, shape: [KH, KW, C, F] }, { name: `${name}/bias`, shape: [C] }] : [{ name: `${name}/kernel`, shape: [KH, KW, C, F] }],
    activation,
    passThrough: false,
    auxPerExample: 0,
    withActivation: (next) => (activation.kind === 'linear' ? transposedLayer(name, g, useBias, next) : null),
    forward(io: LayerIO): KernelPart[] {
      const bias = useBias ? ` + params[${io.offset + kernelSize}u + n]` : '';
      const bound = [{ name: 'x', buffer: io.x }, { name: 'params', buffer: io.params }, { name: 'y', buffer: io.y, write: true }];
      const phases = phasesOf(g);
      return phases.map((phase) => {
        const store = `${phasePixel(g, phase)} y[pixel * ${C}u + n] = ${applyActivation(activation, `v${bias}`)};`;
        const label = phases.length > 1 ? `${name} forward (phase ${phase.py},${phase.px})` : `${name} forward`;
        return { gemm: inputGradientSpec(g, phase, { label, batch: io.batch, bound, a: 'x', b: 'params', offset: io.offset, store, helpers: ACTIVATION_HELPERS }) };
      });
    },
    backward(io: LayerIO): KernelPart[] {
      const parts: KernelPart[] = [];
      const grads = io.grads;
      if (grads) {
        const bound = [{ name: 'dy', buffer: io.dy }, { name: 'x', buffer: io.x }, { name: 'grads', buffer: grads, write: true }];
        const store = `let idx = ${io.offset}u + m * ${F}u + n; grads[idx] = grads[idx] + v;`;
        parts.push({ gemm: kernelGradientSpec(g, false, { label: `${name} weight gradient`, batch: io.batch, bound, a: 'dy', b: 'x', store }) });
        if (useBias) {
          const biasStore = `let idx = ${io.offset + kernelSize}u + n; grads[idx] = grads[idx] + v;`;
          parts.push({ gemm: channelSumSpec(io.batch, H, W, C, { label: `${name} bias gradient`, bound: [{ name: 'dy', buffer: io.dy }, { name: 'grads', buffer: grads, write: true }], b: 'dy', store: biasStore }) });
        }
      }
      const dx = io.dx;
      if (dx) {
        const bound = [{ name: 'dy', buffer: io.dy }, { name: 'params', buffer: io.params }, { name: 'x', buffer: io.x }, { name: 'dx', buffer: dx, write: true }];
        const store = `let idx = m * ${F}u + n; dx[idx] = ${throughActivation(io.xActivation, 'v', 'x[idx]')};`;
        parts.push({ gemm: convSpec(g, { label: `${name} input gradient`, batch: io.batch, bound, a: 'dy', b: 'params', offset: io.offset, store }) });
      }
      return parts;
    },
  };
}

function read(layer: tf.layers.Layer, inputShape: readonly number[]): LayerReading {
  const config = readConvConfig(layer, inputShape);
  if ('refused' in config) return { kind: 'refused', reason: config.refused };
  const [H, W, C] = inputShape;
  const g = transposedGeometry({ H, W, C }, { KH: config.kernel[0], KW: config.kernel[1], F: config.filters }, config.strides, config.padding);
  if (!g) return { kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what: `kernelSize ${config.kernel.join('x')}, strides ${config.strides.join('x')} on ${H}x${W}` }) };
  return { kind: 'layer', layer: transposedLayer(layer.name, g, config.useBias, config.activation) };
}

export const conv2dTransposeKind: LayerKind = { classNames: ['Conv2DTranspose'], read };
