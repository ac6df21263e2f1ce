/**
 * Adam over every weight of a network in one dispatch, with exactly tf.AdamOptimizer's float32
 * operations in its order (as the WebAssembly kernel does):
 *   m' = m·β1 + g·(1−β1);  v' = v·β2 + (g·g)·(1−β2);  x' = (m' / (1 − β1ᵗ)) / (√(v' / (1 − β2ᵗ)) + ε) · (−lr) + x
 * where g is the summed gradient divided by the micro-batches when there are several (gradientStep.ts),
 * and β1ᵗ, β2ᵗ are the running products Adam keeps (state[0], state[1]), advanced after the update.
 */
import { f32Literal } from './activation';
import { elementwiseGrid, type KernelSource } from '../program';

export interface AdamSettings {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  /** Micro-batches whose gradients were summed: the mean is applied. */
  accumulation: number;
}

/** Words of an Adam state buffer: β1ᵗ and β2ᵗ as f32. */
export const ADAM_STATE_WORDS = 2;

export function adamKernel(label: string, count: number, settings: AdamSettings, buffers: { params: GPUBuffer; grads: GPUBuffer; m: GPUBuffer; v: GPUBuffer; state: GPUBuffer }): KernelSource {
  const grid = elementwiseGrid(count);
  const { beta1, beta2, epsilon, learningRate, accumulation } = settings;
  const gradient = accumulation > 1 ? `grads[i] / ${f32Literal(accumulation)}` : 'grads[i]';
  return {
    label,
    bound: [
      { name: 'params', buffer: buffers.params, write: true },
      { name: 'grads', buffer: buffers.grads },
      { name: 'm', buffer: buffers.m, write: true },
      { name: 'v', buffer: buffers.v, write: true },
      { name: 'state', buffer: buffers.state },
    ],
    workgroups: grid.workgroups,
    body: `
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = ${grid.index};
  if (i >= ${count}u) { return; }
  let g = ${gradient};
  let mi = m[i] * ${f32Literal(beta1)} + g * ${f32Literal(1 - beta1)};
  let vi = v[i] * ${f32Literal(beta2)} + (g * g) * ${f32Literal(1 - beta2)};
  m[i] = mi;
  v[i] = vi;
  params[i] = (mi / (1.0 - state[0])) / (sqrt(vi / (1.0 - state[1])) + ${f32Literal(epsilon)}) * ${f32Literal(-learningRate)} + params[i];
}`,
  };
}

/** What a step's last kernel advances: Adam's running products (β1ᵗ ← β1ᵗ·β1, β2ᵗ ← β2ᵗ·β2) and a data stream's step counter. */
export interface StepEnd {
  adams: readonly { state: GPUBuffer; beta1: number; beta2: number }[];
  /** A counter of the batches a stream has handed out this epoch (word 0), advanced by `by`. */
  counter?: { buffer: GPUBuffer; by: number };
}

/** One thread advances everything a step ends with, after every kernel that read it. */
export function stepEndKernel(label: string, end: StepEnd): KernelSource {
  const adams = end.adams.map((a, i) => `  adam${i}[0] = adam${i}[0] * ${f32Literal(a.beta1)};\n  adam${i}[1] = adam${i}[1] * ${f32Literal(a.beta2)};`);
  const counter = end.counter ? `  counter[0] = counter[0] + ${end.counter.by}u;` : '';
  return {
    label,
    bound: [
      ...end.adams.map((a, i) => ({ name: `adam${i}`, buffer: a.state, write: true })),
      ...(end.counter ? [{ name: 'counter', buffer: end.counter.buffer, write: true, type: 'u32' as const }] : []),
    ],
    workgroups: [1, 1, 1],
    body: `
@compute @workgroup_size(1)
fn main() {
${adams.join('\n')}
${counter}
}`,
  };
}
