/**
 * MaxPoolGrad, Sum over leading axes (bias gradients), BatchMatMul and the ReLU gradient on the app's
 * WebAssembly kernels. Each returns null where it does not apply; the caller then runs the kernel it
 * replaced.
 */
import { backend_util, util, type TensorInfo } from '@tensorflow/tfjs-core';
import { workOf, type SimdRuntime } from './runtime';
import { addRowsTask, matMulTask, maxPoolGradTask, packPanelsTask, reluGradTask, sumRowsTask } from './tasks';
import { columnsFor, offsetOf, paddedColumns } from './tensors';

/** Windows that do not overlap (the models' 2 x 2 pools); overlapping ones are the shipped kernel's. */
export function maxPoolGrad(rt: SimdRuntime, dy: TensorInfo, x: TensorInfo, y: TensorInfo, pool: backend_util.Conv2DInfo): TensorInfo | null {
  const fits =
    pool.dataFormat === 'channelsLast' && pool.dilationHeight === 1 && pool.dilationWidth === 1 &&
    pool.strideHeight >= pool.filterHeight && pool.strideWidth >= pool.filterWidth &&
    pool.padInfo.top >= 0 && pool.padInfo.left >= 0 && util.sizeFromShape(x.shape) > 0;
  if (!fits) return null;
  const dx = rt.backend.makeOutput(x.shape, 'float32');
  rt.run(maxPoolGradTask({
    x: offsetOf(rt, x), y: offsetOf(rt, y), dy: offsetOf(rt, dy), dx: offsetOf(rt, dx),
    images: pool.batchSize, height: pool.inHeight, width: pool.inWidth, channels: pool.inChannels, outHeight: pool.outHeight, outWidth: pool.outWidth,
    filterHeight: pool.filterHeight, filterWidth: pool.filterWidth, strideHeight: pool.strideHeight, strideWidth: pool.strideWidth,
    padTop: pool.padInfo.top, padLeft: pool.padInfo.left,
  }), workOf({ elements: 2 * util.sizeFromShape(x.shape) }));
  return dx;
}

/** Sum over the leading axes [0 .. k) (what broadcasting's gradient asks for a bias), rows in order. */
export function sumLeadingAxes(rt: SimdRuntime, x: TensorInfo, axis: number | number[], keepDims: boolean): TensorInfo | null {
  const axes = util.parseAxisParam(axis, x.shape).sort((a, b) => a - b);
  if (axes.length === 0 || axes.some((a, i) => a !== i)) return null;
  const rows = util.sizeFromShape(x.shape.slice(0, axes.length));
  const cols = util.sizeFromShape(x.shape.slice(axes.length));
  if (rows === 0 || cols === 0) return null;
  const shape = keepDims ? x.shape.map((size, i) => (i < axes.length ? 1 : size)) : x.shape.slice(axes.length);
  const out = rt.backend.makeOutput(shape, 'float32');
  rt.run(sumRowsTask({ x: offsetOf(rt, x), rows, cols, out: offsetOf(rt, out) }), workOf({ elements: rows * cols }));
  return out;
}

/**
 * a + b where one of them is a bias: its shape is the other's trailing axes (leading 1s allowed), as a
 * layer adds its bias. tfjs-backend-wasm broadcasts that through a general loop, 4-5x slower.
 */
export function addBias(rt: SimdRuntime, a: TensorInfo, b: TensorInfo): TensorInfo | null {
  const [big, bias] = util.sizeFromShape(a.shape) >= util.sizeFromShape(b.shape) ? [a, b] : [b, a];
  const firstAxis = bias.shape.findIndex((size) => size !== 1);
  const trailing = bias.shape.slice(firstAxis < 0 ? bias.shape.length - 1 : firstAxis);
  const cols = util.sizeFromShape(trailing);
  if (bias.shape.length > big.shape.length || cols === 0 || !util.arraysEqual(trailing, big.shape.slice(big.shape.length - trailing.length))) return null;
  if (util.arraysEqual(a.shape, b.shape)) return null;
  const out = rt.backend.makeOutput(big.shape, 'float32');
  rt.run(addRowsTask({ x: offsetOf(rt, big), rows: util.sizeFromShape(big.shape) / cols, cols, bias: offsetOf(rt, bias), out: offsetOf(rt, out) }), workOf({ elements: util.sizeFromShape(big.shape) }));
  return out;
}

/** The ReLU gradient in one pass: dy where x > 0, else 0. */
export function reluGrad(rt: SimdRuntime, dy: TensorInfo, x: TensorInfo): TensorInfo | null {
  if (!util.arraysEqual(dy.shape, x.shape)) return null;
  const out = rt.backend.makeOutput(x.shape, 'float32');
  rt.run(reluGradTask({ dy: offsetOf(rt, dy), x: offsetOf(rt, x), out: offsetOf(rt, out), count: util.sizeFromShape(x.shape) }), workOf({ elements: util.sizeFromShape(x.shape) }));
  return out;
}

/**
 * Batched products with equal batch shapes or one side unbatched. A is read in place either way round;
 * B is packed in panels of tile columns (transposed on the way where asked), one batch after another.
 */
export function batchMatMul(rt: SimdRuntime, a: TensorInfo, b: TensorInfo, transposeA: boolean, transposeB: boolean): TensorInfo | null {
  if (a.shape.length < 2 || b.shape.length < 2) return null;
  const outerA = a.shape.slice(0, -2), outerB = b.shape.slice(0, -2);
  const batchA = util.sizeFromShape(outerA), batchB = util.sizeFromShape(outerB);
  const sameBatches = util.arraysEqual(outerA, outerB);
  if (!sameBatches && batchA !== 1 && batchB !== 1) return null;
  const outer = sameBatches || batchB === 1 ? outerA : outerB;
  const batches = Math.max(batchA, batchB);
  const [rowsA, colsA] = a.shape.slice(-2);
  const [rowsB, colsB] = b.shape.slice(-2);
  const m = transposeA ? colsA : rowsA, k = transposeA ? rowsA : colsA, n = transposeB ? rowsB : colsB;
  if ((transposeB ? colsB : rowsB) !== k || m * n * k * batches === 0) return null;
  const out = rt.backend.makeOutput([...outer, m, n], 'float32');
  const packedBytes = k * paddedColumns(n) * 4;
  const tileColumns = columnsFor(n);
  rt.withScratch([batchB * packedBytes], ([packed]) => {
    for (let batch = 0; batch < batchB; batch++) {
      const src = offsetOf(rt, b) + batch * k * n * 4;
      rt.run(packPanelsTask({ src, rows: k, cols: n, srcRowBytes: transposeB ? k * 4 : n * 4, transposed: transposeB, dst: packed + batch * packedBytes, panelColumns: tileColumns }), workOf({ elements: k * n }));
    }
    rt.run(matMulTask({
      a: offsetOf(rt, a), b: packed, c: offsetOf(rt, out), batches, m, k, n,
      aRowBytes: transposeA ? 4 : k * 4, aColBytes: transposeA ? m * 4 : 4,
      aBatchBytes: batchA === 1 ? 0 : m * k * 4, bBatchBytes: batchB === 1 ? 0 : packedBytes, cBatchBytes: m * n * 4, tileColumns,
    }), workOf({ macs: batches * m * n * k }));
  });
  return out;
}
