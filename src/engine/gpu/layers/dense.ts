/**
 * Dense (a matrix product with bias and activation) over a flat input: forward as one product;
 * the input's gradient as the output's gradient times the kernel's transpose; the kernel's and
 * the bias's gradients as one product over the batch (the bias as a row of ones).
 */
import type * as tf from '@tensorflow/tfjs';
import { msg } from '../../../i18n/message';
import { ACTIVATION_HELPERS, activationNamed, applyActivation, throughActivation, type Activation } from '../kernels/activation';
import { sizeOf, type CompiledLayer, type KernelPart, type LayerConfig, type LayerIO, type LayerKind, type LayerReading } from './types';

function denseLayer(name: string, I: number, U: number, useBias: boolean, activation: Activation): CompiledLayer {
  return {
    name,
    outputShape: [U],
    weights: useBias ? [{ name: `${name}/kernel`, shape: [I, U] }, { name: `${name}/bias`, shape: [U] }] : [{ name: `${name}/kernel`, shape: [I, U] }],
    activation,
    passThrough: false,
    auxPerExample: 0,
    withActivation: (next) => (activation.kind === 'linear' ? denseLayer(name, I, U, useBias, next) : null),
    forward(io: LayerIO): KernelPart[] {
      const bias = useBias ? ` + params[${io.offset + I * U}u + n]` : '';
      const y = activation.kind === 'softmax' ? `v${bias}` : applyActivation(activation, `v${bias}`);
      return [
        {
          gemm: {
            label: `${name} forward`,
            M: io.batch,
            N: U,
            KO: 1,
            KI: I,
            bound: [{ name: 'x', buffer: io.x }, { name: 'params', buffer: io.params }, { name: 'y', buffer: io.y, write: true }],
            aRow: `return Row(i32(m) * ${I}, 0, 0);`,
            kStep: `return Step(0, ${io.offset}, 0, 0);`,
            bCol: 'return i32(n);',
            a: { buffer: 'x', stride: 1 },
            b: { buffer: 'params', stride: U },
            store: `y[m * ${U}u + n] = ${y};`,
            bContiguous: 'n',
            helpers: ACTIVATION_HELPERS,
          },
        },
      ];
    },
    backward(io: LayerIO): KernelPart[] {
      const parts: KernelPart[] = [];
      if (io.grads) {
        parts.push({
          gemm: {
            label: `${name} weight gradient`,
            M: useBias ? I + 1 : I,
            N: U,
            KO: 1,
            KI: io.batch,
            bound: [{ name: 'x', buffer: io.x }, { name: 'dy', buffer: io.dy }, { name: 'grads', buffer: io.grads, write: true }],
            aRow: 'return Row(i32(m), 0, 0);',
            kStep: 'return Step(0, 0, 0, 0);',
            bCol: 'return i32(n);',
            a: { buffer: 'x', stride: I },
            b: { buffer: 'dy', stride: U },
            ...(useBias ? { onesRow: I } : {}),
            store: `let idx = ${io.offset}u + m * ${U}u + n; grads[idx] = grads[idx] + v;`,
            bContiguous: 'n',
          },
        });
      }
      if (io.dx) {
        parts.push({
          gemm: {
            label: `${name} input gradient`,
            M: io.batch,
            N: I,
            KO: 1,
            KI: U,
            bound: [{ name: 'dy', buffer: io.dy }, { name: 'params', buffer: io.params }, { name: 'x', buffer: io.x }, { name: 'dx', buffer: io.dx, write: true }],
            aRow: `return Row(i32(m) * ${U}, 0, 0);`,
            kStep: `return Step(0, ${io.offset}, 0, 0);`,
            bCol: `return i32(n) * ${U};`,
            a: { buffer: 'dy', stride: 1 },
            b: { buffer: 'params', stride: 1 },
            store: `let idx = m * ${I}u + n; dx[idx] = ${throughActivation(io.xActivation, 'v', 'x[idx]')};`,
            bContiguous: 'k',
          },
        });
      }
      return parts;
    },
  };
}

function read(layer: tf.layers.Layer, inputShape: readonly number[]): LayerReading {
  const config = layer.getConfig() as LayerConfig;
  const activation = activationNamed(config.activation);
  if (inputShape.length !== 1) return { kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what: `input [${inputShape.join(', ')}]` }) };
  if (!activation || typeof config.units !== 'number') return { kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what: `activation ${String(config.activation)}` }) };
  return { kind: 'layer', layer: denseLayer(layer.name, sizeOf(inputShape), config.units, config.useBias !== false, activation) };
}

export const denseKind: LayerKind = { classNames: ['Dense'], read };
