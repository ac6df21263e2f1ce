/**
 * MaxPooling2D with its stride equal to its window (windows never overlap), valid padding: the
 * forward pass keeps which input of each window won, so the backward pass hands each input its
 * window's gradient when it won (the first of equal maxima, as TensorFlow.js picks it) and 0 otherwise,
 * through the activation that made the input: one thread per input, no scatter.
 */
import type * as tf from '@tensorflow/tfjs';
import { msg } from '../../../i18n/message';
import { LINEAR, throughActivation } from '../kernels/activation';
import { elementwiseGrid } from '../program';
import { numberPair, type CompiledLayer, type KernelPart, type LayerConfig, type LayerIO, type LayerKind, type LayerReading } from './types';

function poolLayer(name: string, H: number, W: number, C: number, P: number): CompiledLayer {
  const OH = Math.floor((H - P) / P) + 1;
  const OW = Math.floor((W - P) / P) + 1;
  return {
    name,
    outputShape: [OH, OW, C],
    weights: [],
    activation: LINEAR,
    passThrough: false,
    auxPerExample: OH * OW * C,
    withActivation: () => null,
    forward(io: LayerIO): KernelPart[] {
      if (!io.aux) throw new Error(`${name}: max pooling needs its winners' buffer.`);
      const count = io.batch * OH * OW * C;
      const grid = elementwiseGrid(count);
      return [
        {
          kernel: {
            label: `${name} forward`,
            bound: [{ name: 'x', buffer: io.x }, { name: 'y', buffer: io.y, write: true }, { name: 'winner', buffer: io.aux, write: true, type: 'u32' }],
            workgroups: grid.workgroups,
            body: `
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = ${grid.index};
  if (i >= ${count}u) { return; }
  let c = i % ${C}u;
  let ox = (i / ${C}u) % ${OW}u;
  let oy = (i / ${OW * C}u) % ${OH}u;
  let b = i / ${OH * OW * C}u;
  var best = -3.402823e38;
  var won = 0u;
  for (var dy = 0u; dy < ${P}u; dy = dy + 1u) {
    for (var dx = 0u; dx < ${P}u; dx = dx + 1u) {
      let value = x[((b * ${H}u + oy * ${P}u + dy) * ${W}u + ox * ${P}u + dx) * ${C}u + c];
      if (value > best) { best = value; won = dy * ${P}u + dx; }
    }
  }
  y[i] = best;
  winner[i] = won;
}`,
          },
        },
      ];
    },
    backward(io: LayerIO): KernelPart[] {
      if (!io.dx) return [];
      if (!io.aux) throw new Error(`${name}: max pooling needs its winners' buffer.`);
      const count = io.batch * H * W * C;
      const grid = elementwiseGrid(count);
      return [
        {
          kernel: {
            label: `${name} input gradient`,
            bound: [{ name: 'dy', buffer: io.dy }, { name: 'winner', buffer: io.aux, type: 'u32' }, { name: 'x', buffer: io.x }, { name: 'dx', buffer: io.dx, write: true }],
            workgroups: grid.workgroups,
            body: `
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = ${grid.index};
  if (i >= ${count}u) { return; }
  let c = i % ${C}u;
  let ix = (i / ${C}u) % ${W}u;
  let iy = (i / ${W * C}u) % ${H}u;
  let b = i / ${H * W * C}u;
  let oy = iy / ${P}u;
  let ox = ix / ${P}u;
  var g = 0.0;
  if (oy < ${OH}u && ox < ${OW}u) {
    let o = ((b * ${OH}u + oy) * ${OW}u + ox) * ${C}u + c;
    if (winner[o] == (iy - oy * ${P}u) * ${P}u + ix - ox * ${P}u) { g = dy[o]; }
  }
  dx[i] = ${throughActivation(io.xActivation, 'g', 'x[i]')};
}`,
          },
        },
      ];
    },
  };
}

function read(layer: tf.layers.Layer, inputShape: readonly number[]): LayerReading {
  const config = layer.getConfig() as LayerConfig;
  const pool = numberPair(config.poolSize);
  const strides = numberPair(config.strides ?? config.poolSize);
  const refuse = (what: string) => ({ kind: 'refused', reason: msg('engine.gpu.refused.layer', { layer: layer.name, what }) }) as const;
  if (inputShape.length !== 3) return refuse(`input [${inputShape.join(', ')}]`);
  if (!pool || pool[0] !== pool[1] || !strides || strides[0] !== pool[0] || strides[1] !== pool[1]) return refuse(`poolSize ${String(config.poolSize)}, strides ${String(config.strides)}`);
  if (config.padding !== 'valid') return refuse(`padding ${String(config.padding)}`);
  if ((config.dataFormat ?? 'channelsLast') !== 'channelsLast') return refuse(`dataFormat ${String(config.dataFormat)}`);
  const [H, W, C] = inputShape;
  if (pool[0] > H || pool[0] > W) return refuse(`poolSize ${pool[0]} on ${H}x${W}`);
  return { kind: 'layer', layer: poolLayer(layer.name, H, W, C, pool[0]) };
}

export const maxPoolKind: LayerKind = { classNames: ['MaxPooling2D'], read };
