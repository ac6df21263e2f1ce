/**
 * The element-wise kernels, softmax, MaxPool and the dense layers' fused product on the app's WebAssembly
 * kernels, in front of XNNPACK's: each XNNPACK operation wakes XNNPACK's own threads, which then spin
 * for milliseconds on the cores the app's pool needs, so a step on every core came out slower than on
 * one. On the app's pool a task wakes a thread only for work worth one (runtime.ts threadsFor). Each
 * returns null where it does not apply; the caller runs the kernel it replaced.
 */
import { backend_util, util, type TensorInfo } from '@tensorflow/tfjs-core';
import { binaryLayout } from './broadcast';
import { batchMatMul } from './otherKernels';
import { workOf, type SimdRuntime } from './runtime';
import { binaryTask, maxPoolTask, softmaxTask, unaryTask, type BinaryOp, type UnaryOp } from './tasks';
import { offsetOf } from './tensors';

/** a op b with a broadcast binaryLayout reads; null for any other. */
export function binaryOp(rt: SimdRuntime, op: BinaryOp, a: TensorInfo, b: TensorInfo): TensorInfo | null {
  const layout = binaryLayout(a.shape, b.shape);
  if (!layout) return null;
  const out = rt.backend.makeOutput(layout.shape, 'float32');
  rt.run(binaryTask({ op, a: offsetOf(rt, a), b: offsetOf(rt, b), out: offsetOf(rt, out), count: layout.count, inner: layout.inner, aStrides: layout.a, bStrides: layout.b }), workOf({ elements: 2 * layout.count }));
  return out;
}

/** f(x) element by element into `out` (x itself allowed: the kernel reads each element before it writes it). */
function unaryInto(rt: SimdRuntime, op: UnaryOp, x: TensorInfo, out: TensorInfo, p?: number, q?: number): void {
  const count = util.sizeFromShape(x.shape);
  rt.run(unaryTask({ op, x: offsetOf(rt, x), out: offsetOf(rt, out), count, p, q }), workOf({ elements: count }));
}

export function unaryOp(rt: SimdRuntime, op: UnaryOp, x: TensorInfo, p?: number, q?: number): TensorInfo | null {
  if (util.sizeFromShape(x.shape) === 0) return null;
  const out = rt.backend.makeOutput(x.shape, 'float32');
  unaryInto(rt, op, x, out, p, q);
  return out;
}

/** Softmax over the last axis. */
export function softmax(rt: SimdRuntime, logits: TensorInfo, dim: number): TensorInfo | null {
  const rank = logits.shape.length;
  const cols = logits.shape[rank - 1];
  if (rank === 0 || (dim !== -1 && dim !== rank - 1) || !cols || util.sizeFromShape(logits.shape) === 0) return null;
  const rows = util.sizeFromShape(logits.shape) / cols;
  const out = rt.backend.makeOutput(logits.shape, 'float32');
  rt.run(softmaxTask({ x: offsetOf(rt, logits), out: offsetOf(rt, out), rows, cols }), workOf({ elements: 8 * rows * cols }));
  return out;
}

/** MaxPool over windows that do not overlap (the models' 2 x 2 pools); overlapping ones are XNNPACK's. */
export function maxPool(rt: SimdRuntime, x: TensorInfo, pool: backend_util.Conv2DInfo): TensorInfo | null {
  const fits =
    pool.dataFormat === 'channelsLast' && pool.dilationHeight === 1 && pool.dilationWidth === 1 &&
    pool.strideHeight >= pool.filterHeight && pool.strideWidth >= pool.filterWidth &&
    pool.padInfo.top >= 0 && pool.padInfo.left >= 0 && pool.outHeight > 0 && pool.outWidth > 0 && util.sizeFromShape(x.shape) > 0;
  if (!fits) return null;
  const y = rt.backend.makeOutput([pool.batchSize, pool.outHeight, pool.outWidth, pool.outChannels], 'float32');
  rt.run(maxPoolTask({
    x: offsetOf(rt, x), y: offsetOf(rt, y), images: pool.batchSize, height: pool.inHeight, width: pool.inWidth, channels: pool.inChannels,
    outHeight: pool.outHeight, outWidth: pool.outWidth, filterHeight: pool.filterHeight, filterWidth: pool.filterWidth,
    strideHeight: pool.strideHeight, strideWidth: pool.strideWidth, padTop: pool.padInfo.top, padLeft: pool.padInfo.left,
  }), workOf({ elements: util.sizeFromShape(x.shape) }));
  return y;
}

/** The activations a fused product ends in, as the unary kernel's operations (prelu and elu stay XNNPACK's). */
const FUSED_ACTIVATIONS: Partial<Record<string, UnaryOp | null>> = { linear: null, relu: 'relu', relu6: 'relu6', leakyrelu: 'leakyRelu', sigmoid: 'sigmoid' };

/** A dense layer's a · b + bias, then its activation: the product, then the bias and the activation in place. */
export function fusedMatMul(rt: SimdRuntime, a: TensorInfo, b: TensorInfo, bias: TensorInfo | undefined, activation: string | undefined, transposeA: boolean, transposeB: boolean, alpha: number | undefined): TensorInfo | null {
  const act = FUSED_ACTIVATIONS[activation ?? 'linear'];
  if (act === undefined) return null;
  const out = batchMatMul(rt, a, b, transposeA, transposeB);
  if (!out) return null;
  if (bias) {
    const layout = binaryLayout(out.shape, bias.shape);
    if (!layout || !util.arraysEqual(layout.shape, out.shape)) {
      rt.backend.disposeData(out.dataId);
      return null;
    }
    const at = offsetOf(rt, out);
    rt.run(binaryTask({ op: 'add', a: at, b: offsetOf(rt, bias), out: at, count: layout.count, inner: layout.inner, aStrides: layout.a, bStrides: layout.b }), workOf({ elements: 2 * layout.count }));
  }
  if (act) unaryInto(rt, act, out, out, alpha);
  return out;
}
