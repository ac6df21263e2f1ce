/**
 * Identity and GatherV2 without the copies and loops tfjs-backend-wasm 4.22 spends on them. Neither needs
 * the app's kernel binary: they move whole tensors or rows.
 */
import { util, type TensorInfo } from '@tensorflow/tfjs-core';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { memoryOf } from './runtime';

/**
 * The engine clones every tensor a gradient will need (a training step of the classic CNN makes 48
 * clones, its largest 5.5 MB) and the wasm Identity copies each; tensors are immutable, so the clone can
 * share the data, as the cpu backend's Identity does.
 */
export function shareData(backend: BackendWasm, x: TensorInfo): TensorInfo | null {
  if (x.dtype === 'string') return null;
  backend.incRef(x.dataId);
  return { dataId: x.dataId, shape: x.shape, dtype: x.dtype };
}

/**
 * Rows of x picked by indices along axis 0 (a batch from a data set on the device), one memory copy per
 * row. Measured: 64 images out of 16,000 took 4 ms in tfjs-backend-wasm's gather (an element loop) and
 * ~0.02 ms here. Indices out of range go to the shipped kernel, which says which one.
 */
export function gatherRows(backend: BackendWasm, x: TensorInfo, indices: TensorInfo, axis: number, batchDims: number): TensorInfo | null {
  const memory = memoryOf(backend);
  if (!memory || util.parseAxisParam(axis, x.shape)[0] !== 0 || batchDims !== 0 || indices.dtype !== 'int32') return null;
  if (x.dtype !== 'float32' && x.dtype !== 'int32') return null;
  const rows = x.shape[0];
  const picked = backend.readSync(indices.dataId) as Int32Array;
  if (picked.some((row) => row < 0 || row >= rows)) return null;
  const rowBytes = (util.sizeFromShape(x.shape) / Math.max(1, rows)) * 4;
  const out = backend.makeOutput([...indices.shape, ...x.shape.slice(1)], x.dtype);
  if (rowBytes === 0 || picked.length === 0) return out;
  const heap = new Uint8Array(memory.buffer);
  const from = backend.getMemoryOffset(x.dataId);
  const to = backend.getMemoryOffset(out.dataId);
  picked.forEach((row, i) => heap.copyWithin(to + i * rowBytes, from + row * rowBytes, from + (row + 1) * rowBytes));
  return out;
}
