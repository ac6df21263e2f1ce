/** Where a tensor's floats lie in the backend's memory, and the tile widths the kernels use. */
import type { NamedTensorInfoMap, TensorInfo } from '@tensorflow/tfjs-core';
import type { SimdRuntime } from './runtime';

export function offsetOf(rt: SimdRuntime, info: TensorInfo): number {
  return rt.backend.getMemoryOffset(info.dataId);
}

/** Products with at most 8 columns take 4 x 8 tiles; wider ones 2 x 16 (wasm/kernels/tile.ts says why). */
export function columnsFor(cols: number): 8 | 16 {
  return cols <= 8 ? 8 : 16;
}

/** Columns rounded up to whole tiles, so a tile's vector loads never read past a row's end. */
export function paddedColumns(cols: number): number {
  const tile = columnsFor(cols);
  return Math.ceil(cols / tile) * tile;
}

/** The named inputs when every one is present and float32, else null (the caller falls back). */
export function float32Inputs<K extends string>(inputs: NamedTensorInfoMap, ...names: K[]): Record<K, TensorInfo> | null {
  const picked = {} as Record<K, TensorInfo>;
  for (const name of names) {
    const info = inputs[name];
    if (info?.dtype !== 'float32') return null;
    picked[name] = info;
  }
  return picked;
}
