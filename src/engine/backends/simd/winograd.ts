/**
 * The filter gradient of wide 3 x 3, stride-1 convolutions through Winograd's minimal filtering
 * (wasm/kernels/winograd.ts): transforms around 16 batched matrix products, 2.25x fewer multiply-adds than
 * the direct kernel. Measured on this repository's machines (CPU time, one thread, the large CNN's conv2
 * at batch 32 and 64): 1.2-1.35x faster; on narrower layers (32 → 64 channels) the transforms cost more than
 * the products save, so those keep the direct kernel.
 */
import { backend_util, type TensorInfo } from '@tensorflow/tfjs-core';
import { WINOGRAD_MIN_CHANNELS, WINOGRAD_MIN_TILE_USE } from '../../../config/tunables';
import { workOf, type SimdRuntime } from './runtime';
import { matMulTask, winogradFilterOutputTask, winogradGradientTask, winogradInputTask } from './tasks';
import { columnsFor, offsetOf, paddedColumns } from './tensors';

type ConvInfo = backend_util.Conv2DInfo;

/** Transformed positions per block (a 4 x 4 patch), and dy positions per block side. */
const POSITIONS = 16;
const BLOCK = 2;

let enabled = true;

/** Off: every filter gradient takes the direct kernel (a measurement compares the two; on by default). */
export function setWinogradEnabled(on: boolean): void {
  enabled = on;
}

/** Share of the 2 x 2 blocks' positions that lie inside height x width (an odd side wastes half a row of blocks). */
function blockUse(height: number, width: number): number {
  return (height * width) / (BLOCK * BLOCK * Math.ceil(height / BLOCK) * Math.ceil(width / BLOCK));
}

/**
 * Whether Winograd computes this convolution's filter gradient: 3 x 3, stride 1, undilated, NHWC, both
 * channel counts at least WINOGRAD_MIN_CHANNELS, and an output that fills its blocks enough (a 3 x 3
 * output uses 9 of 16 positions).
 */
export function winogradApplies(conv: ConvInfo): boolean {
  return (
    enabled && conv.dataFormat === 'channelsLast' && conv.filterHeight === 3 && conv.filterWidth === 3 &&
    conv.strideHeight === 1 && conv.strideWidth === 1 && conv.dilationHeight === 1 && conv.dilationWidth === 1 &&
    conv.inChannels >= WINOGRAD_MIN_CHANNELS && conv.outChannels >= WINOGRAD_MIN_CHANNELS &&
    conv.padInfo.top >= 0 && conv.padInfo.left >= 0 && conv.batchSize > 0 && conv.outHeight > 0 && conv.outWidth > 0 &&
    blockUse(conv.outHeight, conv.outWidth) >= WINOGRAD_MIN_TILE_USE
  );
}

/** dW by F(3x3, 2x2): every 2 x 2 block of dy filters the 4 x 4 patch of x under it; the products sum over blocks. */
export function winogradFilterGrad(rt: SimdRuntime, x: TensorInfo, dy: TensorInfo, conv: ConvInfo): TensorInfo {
  const dw = rt.backend.makeOutput(conv.filterShape, 'float32');
  const { inChannels: c, outChannels: o } = conv;
  const tilesHigh = Math.ceil(conv.outHeight / BLOCK), tilesWide = Math.ceil(conv.outWidth / BLOCK);
  const tiles = { images: conv.batchSize, tilesHigh, tilesWide };
  const blocks = conv.batchSize * tilesHigh * tilesWide;
  const tileColumns = columnsFor(o);
  const panelBytes = blocks * paddedColumns(o) * 4;
  rt.withScratch([POSITIONS * blocks * c * 4, POSITIONS * panelBytes, POSITIONS * c * o * 4], ([v, panels, m]) => {
    rt.run(winogradInputTask({ ...tiles, x: offsetOf(rt, x), height: conv.inHeight, width: conv.inWidth, channels: c, padTop: conv.padInfo.top, padLeft: conv.padInfo.left, v }), workOf({ elements: 2 * POSITIONS * blocks * c }));
    rt.run(winogradGradientTask({ ...tiles, dy: offsetOf(rt, dy), outHeight: conv.outHeight, outWidth: conv.outWidth, outChannels: o, panels, tileColumns }), workOf({ elements: 2 * POSITIONS * blocks * o }));
    // Per position, vᵀ [c, blocks] times the panels [blocks, o]: v read transposed.
    rt.run(matMulTask({
      a: v, b: panels, c: m, batches: POSITIONS, m: c, k: blocks, n: o, aRowBytes: 4, aColBytes: c * 4,
      aBatchBytes: blocks * c * 4, bBatchBytes: panelBytes, cBatchBytes: c * o * 4, tileColumns,
    }), workOf({ macs: POSITIONS * blocks * c * o }));
    rt.run(winogradFilterOutputTask({ m, channels: c, outChannels: o, dw: offsetOf(rt, dw) }), workOf({ elements: POSITIONS * c * o }));
  });
  return dw;
}
