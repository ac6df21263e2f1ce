/**
 * A batch gathered on the GPU: the examples a shuffled epoch order names, read from the data set's
 * bytes (kept on the device as uploaded, 4 to a word) and scaled as the model expects, with their
 * labels. The order is uploaded once an epoch; the step within it is a counter on the GPU that each
 * step's last kernel advances, so no step uploads anything. Built from JS instead (data "uploaded
 * each batch"), the step's examples are written to the same kind of buffer, in order.
 */
import { f32Literal } from './activation';
import { elementwiseGrid, type KernelSource } from '../program';

export interface GatherLayout {
  batch: number;
  /** Bytes per example (pixels × channels). */
  valuesPerExample: number;
  /** x = (byte / 255) · scale + shift: unit [0, 1] (1, 0) or symmetric [-1, 1] (2, -1) pixels, as deviceDataset.ts scales them. */
  scale: number;
  shift: number;
  /** Micro-batches per optimizer step: micro-batch `micro` of step s is number s·steps + micro of the epoch. */
  microBatches: number;
  micro: number;
  /** 'order': examples by the epoch order and the step counter; 'inOrder': the buffer holds just this step's examples. */
  source: 'order' | 'inOrder';
}

export interface GatherBuffers {
  /** The examples' bytes, packed 4 to a u32, example after example. */
  images: GPUBuffer;
  /** Their labels, bytes packed 4 to a u32 (null for a GAN's real batch, which needs none). */
  labels: GPUBuffer | null;
  order: GPUBuffer;
  counter: GPUBuffer;
  x: GPUBuffer;
  /** Where each example's label goes, one u32 each. */
  y: GPUBuffer | null;
}

export function gatherKernel(label: string, layout: GatherLayout, buffers: GatherBuffers): KernelSource {
  const { batch, valuesPerExample: P, microBatches, micro } = layout;
  const count = batch * P;
  const grid = elementwiseGrid(count);
  const example = layout.source === 'order' ? `order[(counter[0] * ${microBatches}u + ${micro}u) * ${batch}u + b]` : `${micro * batch}u + b`;
  const labels = buffers.labels && buffers.y;
  return {
    label,
    bound: [
      { name: 'images', buffer: buffers.images, type: 'u32' },
      ...(labels ? [{ name: 'labels', buffer: buffers.labels as GPUBuffer, type: 'u32' as const }, { name: 'y', buffer: buffers.y as GPUBuffer, write: true, type: 'u32' as const }] : []),
      { name: 'order', buffer: buffers.order, type: 'u32' },
      { name: 'counter', buffer: buffers.counter, type: 'u32' },
      { name: 'x', buffer: buffers.x, write: true },
    ],
    workgroups: grid.workgroups,
    body: `
fn byteAt(bytes: u32, word: u32) -> u32 { return (word >> (8u * (bytes % 4u))) & 255u; }
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = ${grid.index};
  if (i >= ${count}u) { return; }
  let b = i / ${P}u;
  let p = i % ${P}u;
  let e = ${example};
  let addr = e * ${P}u + p;
  x[i] = (f32(byteAt(addr, images[addr / 4u])) / 255.0) * ${f32Literal(layout.scale)} + ${f32Literal(layout.shift)};
  ${labels ? `if (p == 0u) { y[b] = byteAt(e, labels[e / 4u]); }` : ''}
}`,
  };
}

/** Bytes as u32 words for a storage buffer (the tail padded with zeros). */
export function packBytes(bytes: Uint8Array): Uint32Array {
  const words = new Uint32Array(Math.ceil(bytes.length / 4));
  new Uint8Array(words.buffer).set(bytes);
  return words;
}
