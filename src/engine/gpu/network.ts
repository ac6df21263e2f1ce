/**
 * A TensorFlow.js Sequential model read into the engine's layer kinds (activation layers folded into
 * the product before them), its weights laid out one after another in one buffer; and a pass of it
 * at one batch size: its activation and gradient buffers and the kernels of its forward and backward
 * passes. Nothing of the model's own tensors is used: weights come and go as plain numbers.
 */
import type * as tf from '@tensorflow/tfjs';
import { msg, type Message } from '../../i18n/message';
import type { GpuArena } from './arena';
import { LINEAR, type Activation } from './kernels/activation';
import { layerKindOf } from './layers/registry';
import { sizeOf, type CompiledLayer, type KernelPart, type LayerIO } from './layers/types';

export interface WeightSlot {
  name: string;
  shape: readonly number[];
  /** First float of it in the network's parameter buffers. */
  offset: number;
  size: number;
}

export interface Network {
  layers: readonly CompiledLayer[];
  /** Float offset of each layer's first weight. */
  offsets: readonly number[];
  weights: readonly WeightSlot[];
  paramCount: number;
  inputShape: readonly number[];
  outputShape: readonly number[];
  /** The activation of its output. */
  outputActivation: Activation;
}

export type NetworkReading = { network: Network } | { refused: Message };

export interface ReadOptions {
  /** Leave out a final activation layer of this kind (a discriminator's sigmoid, applied by its loss kernel instead). */
  dropFinal?: 'sigmoid';
}

/** Reads every layer of `model` into the engine's kinds, or the first reason it cannot. */
export function readNetwork(model: tf.LayersModel, options: ReadOptions = {}): NetworkReading {
  const input = model.inputs[0]?.shape;
  if (model.inputs.length !== 1 || !input || input.slice(1).some((d) => d === null)) {
    return { refused: msg('engine.gpu.refused.inputs', { model: model.name }) };
  }
  let shape: readonly number[] = input.slice(1) as number[];
  const inputShape = shape;
  const layers: CompiledLayer[] = [];
  const all = model.layers.filter((layer) => layer.getClassName() !== 'InputLayer');
  for (const [index, layer] of all.entries()) {
    const kind = layerKindOf(layer.getClassName());
    if (!kind) return { refused: msg('engine.gpu.refused.kind', { layer: layer.name, kind: layer.getClassName() }) };
    const reading = kind.read(layer, shape);
    if (reading.kind === 'refused') return { refused: reading.reason };
    if (reading.kind === 'activation') {
      if (index === all.length - 1 && options.dropFinal === reading.activation.kind) continue;
      const last = layers[layers.length - 1];
      const folded = last && !last.passThrough ? last.withActivation(reading.activation) : null;
      if (!folded) return { refused: msg('engine.gpu.refused.layer', { layer: reading.name, what: 'activation after no product' }) };
      layers[layers.length - 1] = folded;
      continue;
    }
    layers.push(reading.layer);
    shape = reading.layer.outputShape;
  }
  const offsets: number[] = [];
  const weights: WeightSlot[] = [];
  let paramCount = 0;
  for (const layer of layers) {
    offsets.push(paramCount);
    for (const w of layer.weights) {
      weights.push({ name: w.name, shape: w.shape, offset: paramCount, size: sizeOf(w.shape) });
      paramCount += sizeOf(w.shape);
    }
  }
  const own = model.weights.map((w) => `${w.originalName}[${w.shape.join(',')}]`).join(' ');
  const read = weights.map((w) => `${w.name}[${w.shape.join(',')}]`).join(' ');
  if (own !== read) return { refused: msg('engine.gpu.refused.weights', { model: model.name }) };
  const producing = [...layers].reverse().find((l) => !l.passThrough);
  return { network: { layers, offsets, weights, paramCount, inputShape, outputShape: shape, outputActivation: producing?.activation ?? LINEAR } };
}

/** Where one pass reads its input and its weights, and where it adds its gradients. */
export interface PassBinding {
  batch: number;
  input: GPUBuffer;
  /** What made the input (a generator's tanh for a discriminator looking at its images): the input's gradient goes through it. */
  inputActivation: Activation;
  /** Where the loss's gradient by the input goes; null when nothing needs it. */
  inputGrad: GPUBuffer | null;
  params: GPUBuffer;
  /** Where the weights' gradients are added; null for a pass that only carries a gradient through (a generator's step through D). */
  grads: GPUBuffer | null;
}

/** One network at one batch size: its buffers, and the kernels of its forward and backward passes. */
export class NetworkPass {
  /** The last layer's output, and the gradient by it that the loss kernel writes. */
  readonly output: GPUBuffer;
  readonly outputGrad: GPUBuffer;
  private readonly io: LayerIO[];

  constructor(
    readonly network: Network,
    binding: PassBinding,
    arena: GpuArena,
    label: string,
  ) {
    const { batch } = binding;
    let y = binding.input;
    let dy: GPUBuffer | null = binding.inputGrad;
    let activation = binding.inputActivation;
    this.io = network.layers.map((layer, i) => {
      const x = y;
      const dx = dy;
      const xActivation = activation;
      if (!layer.passThrough) {
        const floats = batch * sizeOf(layer.outputShape);
        y = arena.buffer('activations', `${label} ${layer.name} output`, floats * 4);
        dy = arena.buffer('gradients', `${label} ${layer.name} output gradient`, floats * 4);
        activation = layer.activation;
      }
      const aux = layer.auxPerExample ? arena.buffer('activations', `${label} ${layer.name} winners`, batch * layer.auxPerExample * 4) : null;
      return { batch, x, xActivation, y, dy: dy ?? y, dx, params: binding.params, grads: binding.grads, offset: network.offsets[i], aux };
    });
    if (!dy) throw new Error(`${label}: a network needs at least one layer with a kernel.`);
    this.output = y;
    this.outputGrad = dy;
  }

  forward(): KernelPart[] {
    return this.network.layers.flatMap((layer, i) => layer.forward(this.io[i]));
  }

  /** From the output's gradient back: the weights' gradients where the pass has grads, the input's where it has inputGrad. */
  backward(): KernelPart[] {
    return this.network.layers.map((_, i) => i).reverse().flatMap((i) => this.network.layers[i].backward(this.io[i]));
  }
}
