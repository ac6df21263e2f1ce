/**
 * The classifier's loss in one workgroup: softmax of each example's logits, the mean categorical
 * cross-entropy as TensorFlow.js computes it from probabilities clipped to [ε, 1 − ε] (ε = 1e-7), the
 * accuracy (the first largest probability), and the gradient by the logits, (p − onehot) / batch, which
 * the last layer's backward pass reads. The step's loss and accuracy are added to the sync window's
 * sums (each divided by the micro-batches, so a step adds its mean).
 */
import { f32Literal } from './activation';
import type { KernelSource } from '../program';

/** TensorFlow.js's epsilon() for float32 backends, which its cross-entropy clips probabilities with. */
const CLIP_EPSILON = 1e-7;
const THREADS = 256;

export interface CrossEntropyBuffers {
  logits: GPUBuffer;
  labels: GPUBuffer;
  dLogits: GPUBuffer;
  /** The sync window's sums: [loss, accuracy]. */
  sums: GPUBuffer;
}

export function softmaxCrossEntropyKernel(label: string, batch: number, classes: number, microBatches: number, buffers: CrossEntropyBuffers): KernelSource {
  return {
    label,
    bound: [
      { name: 'logits', buffer: buffers.logits },
      { name: 'labels', buffer: buffers.labels, type: 'u32' },
      { name: 'dLogits', buffer: buffers.dLogits, write: true },
      { name: 'sums', buffer: buffers.sums, write: true },
    ],
    workgroups: [1, 1, 1],
    body: `
const B = ${batch}u;
const C = ${classes}u;
var<workgroup> lossPart: array<f32, ${THREADS}>;
var<workgroup> rightPart: array<f32, ${THREADS}>;
@compute @workgroup_size(${THREADS})
fn main(@builtin(local_invocation_index) t: u32) {
  var loss = 0.0;
  var right = 0.0;
  for (var b = t; b < B; b = b + ${THREADS}u) {
    let row = b * C;
    var top = logits[row];
    for (var j = 1u; j < C; j = j + 1u) { top = max(top, logits[row + j]); }
    var total = 0.0;
    for (var j = 0u; j < C; j = j + 1u) { total = total + exp(logits[row + j] - top); }
    let truth = labels[b];
    var best = 0u;
    var bestP = -1.0;
    for (var j = 0u; j < C; j = j + 1u) {
      let p = exp(logits[row + j] - top) / total;
      if (p > bestP) { bestP = p; best = j; }
      if (j == truth) { loss = loss - log(clamp(p, ${f32Literal(CLIP_EPSILON)}, ${f32Literal(1 - CLIP_EPSILON)})); }
      dLogits[row + j] = (p - select(0.0, 1.0, j == truth)) / ${f32Literal(batch)};
    }
    right = right + select(0.0, 1.0, best == truth);
  }
  lossPart[t] = loss;
  rightPart[t] = right;
  workgroupBarrier();
  for (var half = ${THREADS / 2}u; half > 0u; half = half / 2u) {
    if (t < half) {
      lossPart[t] = lossPart[t] + lossPart[t + half];
      rightPart[t] = rightPart[t] + rightPart[t + half];
    }
    workgroupBarrier();
  }
  if (t == 0u) {
    sums[0] = sums[0] + lossPart[0] / ${f32Literal(batch * microBatches)};
    sums[1] = sums[1] + rightPart[0] / ${f32Literal(batch * microBatches)};
  }
}`,
  };
}
