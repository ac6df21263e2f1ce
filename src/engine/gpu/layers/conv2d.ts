/**
 * Conv2D (any stride, 'valid' or 'same' padding, channel-last) with its bias and activation fused into the
 * product that makes it: forward as an implicit GEMM over the input's patches; the input's gradient as the
 * full correlation of the output's gradient with the kernel (one product per output phase when strided);
 * the kernel's and the bias's gradients as one product over every output pixel of the batch (the bias as
 * a row of ones).
 */
import type * as tf from '@tensorflow/tfjs';
import { ACTIVATION_HELPERS, applyActivation, throughActivation, type Activation } from '../kernels/activation';
import { readConvConfig } from './convConfig';
import { convGeometry, type ConvGeometry } from './convGeometry';
import { convSpec, inputGradientSpec, kernelGradientSpec, phasePixel, phasesOf } from './convProducts';
import type { CompiledLayer, KernelPart, LayerIO, LayerKind, LayerReading } from './types';
import { msg } from '../../../i18n/message';

function convLayer(name: string, g: ConvGeometry, useBias: boolean, activation: Activation): CompiledLayer {
  const { C, KH, KW, F, OH, OW } = g;
  const patch = KH * KW * C;
  return {
    name,
    outputShape: [OH, OW, F],
    weights: useBias ? [{ name: `${name}/kernel`, shape: [KH, KW, C, F] }, { name: `${name}/bias`, shape: [F] }] : [{ name: `${name}/kernel`, shape: [KH, KW, C, F] }],
    activation,
    passThrough: false,
    auxPerExample: 0,
    withActivation: (next) => (activation.kind === 'linear' ? convLayer(name, g, useBias, next) : null),
    forward(io: LayerIO): KernelPart[] {
      const bias = useBias ? ` + params[${io.offset + patch * F}u + n]` : '';
      const bound = [{ name: 'x', buffer: io.x }, { name: 'params', buffer: io.params }, { name: 'y', buffer: io.y, write: true }];
      const store = `y[m * ${F}u + n] = ${applyActivation(activation, `v${bias}`)};`;
      return [{ gemm: convSpec(g, { label: `${name} forward`, batch: io.batch, bound, a: 'x', b: 'params', offset: io.offset, store, helpers: ACTIVATION_HELPERS }) }];
    },
    backward(io: LayerIO): KernelPart[] {
      const parts: KernelPart[] = [];
      if (io.grads) {
        // Rows 0..patch-1: the kernel's gradient; row `patch` (ones): the bias's, which follows the kernel in grads.
        const bound = [{ name: 'x', buffer: io.x }, { name: 'dy', buffer: io.dy }, { name: 'grads', buffer: io.grads, write: true }];
        const store = `let idx = ${io.offset}u + m * ${F}u + n; grads[idx] = grads[idx] + v;`;
        parts.push({ gemm: kernelGradientSpec(g, useBias, { label: `${name} weight gradient`, batch: io.batch, bound, a: 'x', b: 'dy', store }) });
      }
      const dx = io.dx;
      if (dx) {
        const bound = [{ name: 'dy', buffer: io.dy }, { name: 'params', buffer: io.params }, { name: 'x', buffer: io.x }, { name: 'dx', buffer: dx, write: true }];
        const phases = phasesOf(g);
        for (const phase of phases) {
          const store = `${phasePixel(g, phase)} let idx = pixel * ${C}u + n; dx[idx] = ${throughActivation(io.xActivation, 'v', 'x[idx]')};`;
          const label = phases.length > 1 ? `${name} input gradient (phase ${phase.py},${phase.px})` : `${name} input gradient`;
          parts.push({ gemm: inputGradientSpec(g, phase, { label, batch: io.batch, bound, a: 'dy', b: 'params', offset: io.offset, store }) });
        }
      }
      return parts;
    },
  };
}

function read(layer: tf.layers.Layer, inputShape: readonly number[]): LayerReading {
  const config = readConvConfig(layer, inputShape);
  if ('refused' in config) return { kind: 'refused', reason: config.refused };
  const [H, W, C] = inputShape;
  const g = convGeometry({ H, W, C }, { KH: config.kernel[0], KW: config.kernel[1], F: config.filters }, config.strides, config.padding);
  if (!g) return { kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what: `kernelSize ${config.kernel.join('x')} on ${H}x${W}` }) };
  return { kind: 'layer', layer: convLayer(layer.name, g, config.useBias, config.activation) };
}

export const conv2dKind: LayerKind = { classNames: ['Conv2D'], read };
