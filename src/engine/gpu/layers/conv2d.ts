/**
 * Conv2D, stride 1, valid padding, channel-last, with its bias and activation fused into the product
 * that makes it: forward as an implicit GEMM over the input's patches; the input's gradient as the
 * full correlation of the output's gradient with the flipped kernel; the kernel's and the bias's
 * gradients as one product over every output pixel of the batch (the bias as a row of ones).
 */
import type * as tf from '@tensorflow/tfjs';
import { msg } from '../../../i18n/message';
import { ACTIVATION_HELPERS, activationNamed, applyActivation, throughActivation, type Activation } from '../kernels/activation';
import { numberPair, type CompiledLayer, type KernelPart, type LayerConfig, type LayerIO, type LayerKind, type LayerReading } from './types';

interface ConvGeometry {
  H: number;
  W: number;
  C: number;
  KH: number;
  KW: number;
  F: number;
  OH: number;
  OW: number;
  useBias: boolean;
}

function convLayer(name: string, g: ConvGeometry, activation: Activation, kernelName: string, biasName: string): CompiledLayer {
  const { H, W, C, KH, KW, F, OH, OW, useBias } = g;
  const patch = KH * KW * C;
  return {
    name,
    outputShape: [OH, OW, F],
    weights: useBias ? [{ name: kernelName, shape: [KH, KW, C, F] }, { name: biasName, shape: [F] }] : [{ name: kernelName, shape: [KH, KW, C, F] }],
    activation,
    passThrough: false,
    auxPerExample: 0,
    withActivation: (next) => (activation.kind === 'linear' ? convLayer(name, g, next, kernelName, biasName) : null),
    forward(io: LayerIO): KernelPart[] {
      const bias = useBias ? ` + params[${io.offset + patch * F}u + n]` : '';
      return [
        {
          gemm: {
            label: `${name} forward`,
            M: io.batch * OH * OW,
            N: F,
            K: patch,
            bound: [{ name: 'x', buffer: io.x }, { name: 'params', buffer: io.params }, { name: 'y', buffer: io.y, write: true }],
            loadA: `let b = m / ${OH * OW}u; let r = m % ${OH * OW}u; let ky = k / ${KW * C}u; let kx = (k / ${C}u) % ${KW}u;
              return x[((b * ${H}u + r / ${OW}u + ky) * ${W}u + r % ${OW}u + kx) * ${C}u + k % ${C}u];`,
            loadB: `return params[${io.offset}u + k * ${F}u + n];`,
            store: `y[m * ${F}u + n] = ${applyActivation(activation, `v${bias}`)};`,
            aContiguous: 'k',
            bContiguous: 'n',
            helpers: ACTIVATION_HELPERS,
          },
        },
      ];
    },
    backward(io: LayerIO): KernelPart[] {
      const parts: KernelPart[] = [];
      if (io.grads) {
        // Rows 0..patch-1: the kernel's gradient; row `patch` (ones): the bias's, which follows the kernel in grads.
        const rows = useBias ? patch + 1 : patch;
        parts.push({
          gemm: {
            label: `${name} weight gradient`,
            M: rows,
            N: F,
            K: io.batch * OH * OW,
            bound: [{ name: 'x', buffer: io.x }, { name: 'dy', buffer: io.dy }, { name: 'grads', buffer: io.grads, write: true }],
            loadA: `if (m == ${patch}u) { return 1.0; }
              let ky = m / ${KW * C}u; let kx = (m / ${C}u) % ${KW}u; let b = k / ${OH * OW}u; let r = k % ${OH * OW}u;
              return x[((b * ${H}u + r / ${OW}u + ky) * ${W}u + r % ${OW}u + kx) * ${C}u + m % ${C}u];`,
            loadB: `return dy[k * ${F}u + n];`,
            store: `let idx = ${io.offset}u + m * ${F}u + n; grads[idx] = grads[idx] + v;`,
            aContiguous: 'm',
            bContiguous: 'n',
          },
        });
      }
      if (io.dx) {
        parts.push({
          gemm: {
            label: `${name} input gradient`,
            M: io.batch * H * W,
            N: C,
            K: KH * KW * F,
            bound: [{ name: 'dy', buffer: io.dy }, { name: 'params', buffer: io.params }, { name: 'x', buffer: io.x }, { name: 'dx', buffer: io.dx, write: true }],
            loadA: `let b = m / ${H * W}u; let r = m % ${H * W}u; let tap = k / ${F}u;
              let oy = i32(r / ${W}u) - i32(tap / ${KW}u); let ox = i32(r % ${W}u) - i32(tap % ${KW}u);
              if (oy < 0 || oy >= ${OH} || ox < 0 || ox >= ${OW}) { return 0.0; }
              return dy[((b * ${OH}u + u32(oy)) * ${OW}u + u32(ox)) * ${F}u + k % ${F}u];`,
            loadB: `return params[${io.offset}u + ((k / ${F}u) * ${C}u + n) * ${F}u + k % ${F}u];`,
            store: `let idx = m * ${C}u + n; dx[idx] = ${throughActivation(io.xActivation, 'v', 'x[idx]')};`,
            aContiguous: 'k',
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
  const refuse = (what: string) => ({ kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what }) }) as const;
  const kernel = numberPair(config.kernelSize);
  const strides = numberPair(config.strides ?? 1);
  const dilation = numberPair(config.dilationRate ?? 1);
  const activation = activationNamed(config.activation);
  if (inputShape.length !== 3) return refuse(`input [${inputShape.join(', ')}]`);
  if (!kernel || typeof config.filters !== 'number') return refuse('kernelSize');
  if (!strides || strides[0] !== 1 || strides[1] !== 1) return refuse(`strides ${String(config.strides)}`);
  if (!dilation || dilation[0] !== 1 || dilation[1] !== 1) return refuse(`dilationRate ${String(config.dilationRate)}`);
  if (config.padding !== 'valid') return refuse(`padding ${String(config.padding)}`);
  if ((config.dataFormat ?? 'channelsLast') !== 'channelsLast') return refuse(`dataFormat ${String(config.dataFormat)}`);
  if (!activation || activation.kind === 'softmax') return refuse(`activation ${String(config.activation)}`);
  const [H, W, C] = inputShape;
  const [KH, KW] = kernel;
  if (KH > H || KW > W) return refuse(`kernelSize ${KH}x${KW} on ${H}x${W}`);
  const geometry: ConvGeometry = { H, W, C, KH, KW, F: config.filters, OH: H - KH + 1, OW: W - KW + 1, useBias: config.useBias !== false };
  return { kind: 'layer', layer: convLayer(layer.name, geometry, activation, `${layer.name}/kernel`, `${layer.name}/bias`) };
}

export const conv2dKind: LayerKind = { classNames: ['Conv2D'], read };
