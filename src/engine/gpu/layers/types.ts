/**
 * One kind of layer as the engine runs it: read from a TensorFlow.js layer once, it gives the
 * kernels of its forward pass and of its backward pass over buffers the plan made. Adding a kind is
 * one file here and one line in registry.ts.
 */
import type * as tf from '@tensorflow/tfjs';
import type { Message } from '../../../i18n/message';
import type { Activation } from '../kernels/activation';
import type { GemmSpec } from '../kernels/gemm/spec';
import type { KernelSource } from '../program';

/** The buffers and offsets one layer's kernels run over, for one batch size. */
export interface LayerIO {
  batch: number;
  /** The layer's input: the batch, or the previous layer's output. */
  x: GPUBuffer;
  /** The activation that made x (linear for the batch or a pooling's output): dx is taken through it. */
  xActivation: Activation;
  /** The layer's output, after its activation. */
  y: GPUBuffer;
  /** The loss's gradient by the layer's output before its activation (already taken through it). */
  dy: GPUBuffer;
  /** Where the gradient by x goes, through xActivation; null when nothing needs it (the first layer). */
  dx: GPUBuffer | null;
  params: GPUBuffer;
  /** Where the weights' gradients are added; null when only dx is wanted (the generator's step through D). */
  grads: GPUBuffer | null;
  /** Float offset of the layer's first weight in params and grads; its weights follow one another. */
  offset: number;
  /** The layer's own per-batch buffer (max pooling's winners), when it asks for one. */
  aux: GPUBuffer | null;
}

/** A kernel, or a matrix product the plan turns into one or two kernels once it knows the scratch it needs. */
export type KernelPart = { gemm: GemmSpec } | { kernel: KernelSource };

export interface CompiledLayer {
  readonly name: string;
  /** Per example: [height, width, channels] or [units]. */
  readonly outputShape: readonly number[];
  /** Its weights in model.weights order (kernel, then bias), as originalName gives them. */
  readonly weights: readonly { name: string; shape: readonly number[] }[];
  readonly activation: Activation;
  /** Only reshapes (Flatten, Reshape): its output is its input's buffer and it has no kernel. */
  readonly passThrough: boolean;
  /** u32 words per example of its own per-batch buffer (LayerIO.aux); 0 for none. */
  readonly auxPerExample: number;
  /** The same layer with `activation` applied to its output (an activation layer folded in); null when it cannot. */
  withActivation(activation: Activation): CompiledLayer | null;
  forward(io: LayerIO): KernelPart[];
  backward(io: LayerIO): KernelPart[];
}

export type LayerReading =
  | { kind: 'layer'; layer: CompiledLayer }
  /** An activation layer (LeakyReLU, Activation): folded into the layer before it. */
  | { kind: 'activation'; activation: Activation; name: string }
  | { kind: 'refused'; reason: Message };

/** One line of the layer table: the TensorFlow.js classes it reads. */
export interface LayerKind {
  classNames: readonly string[];
  read(layer: tf.layers.Layer, inputShape: readonly number[]): LayerReading;
}

/** A layer's config as TensorFlow.js serialises it. */
export type LayerConfig = Record<string, unknown>;

export function numberPair(value: unknown): [number, number] | null {
  if (typeof value === 'number') return [value, value];
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number')) return [value[0] as number, value[1] as number];
  return null;
}

export function sizeOf(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}
