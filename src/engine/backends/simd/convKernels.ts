/**
 * Conv2D, its filter gradient and its input gradient on the app's WebAssembly kernels (NHWC,
 * float32, dilation 1). Each returns null where it does not apply, and the caller runs the kernel it
 * replaced. Measured against what they replace in docs/performance.md.
 */
import { backend_util, type TensorInfo } from '@tensorflow/tfjs-core';
import { workOf, type SimdRuntime } from './runtime';
import { convInputGradTask, convTask, packPanelsTask, padImagesTask } from './tasks';
import { columnsFor, offsetOf, paddedColumns } from './tensors';
import { winogradApplies, winogradFilterGrad } from './winograd';

type ConvInfo = backend_util.Conv2DInfo;

interface Images {
  at: number;
  images: number;
  height: number;
  width: number;
  channels: number;
}

interface Window {
  height: number;
  width: number;
  strideHeight: number;
  strideWidth: number;
  outHeight: number;
  outWidth: number;
  top: number;
  left: number;
}

/**
 * Calls `use` with images whose every window lies inside them: the input itself when no window
 * reaches past it, else a zero-padded copy (freed after).
 */
function withPadded<T>(rt: SimdRuntime, input: Images, window: Window, use: (padded: Images) => T): T {
  const neededHeight = (window.outHeight - 1) * window.strideHeight + window.height;
  const neededWidth = (window.outWidth - 1) * window.strideWidth + window.width;
  if (window.top === 0 && window.left === 0 && neededHeight <= input.height && neededWidth <= input.width) return use(input);
  const height = Math.max(neededHeight, window.top + input.height);
  const width = Math.max(neededWidth, window.left + input.width);
  return rt.withScratch([input.images * height * width * input.channels * 4], ([at]) => {
    rt.run(padImagesTask({ x: input.at, images: input.images, height: input.height, width: input.width, channels: input.channels, top: window.top, left: window.left, paddedHeight: height, paddedWidth: width, out: at }), workOf({ elements: input.images * height * width * input.channels }));
    return use({ ...input, at, height, width });
  });
}

/**
 * Calls `use` with a [rows, cols] matrix whose rows hold whole tiles of columns: itself when `cols` is a
 * multiple of the tile width, else a copy with padded rows (a single panel of the padded width).
 */
function withWholeTiles<T>(rt: SimdRuntime, at: number, rows: number, cols: number, use: (at: number, rowBytes: number) => T): T {
  const padded = paddedColumns(cols);
  if (padded === cols) return use(at, cols * 4);
  return rt.withScratch([rows * padded * 4], ([copy]) => {
    rt.run(packPanelsTask({ src: at, rows, cols, srcRowBytes: cols * 4, transposed: false, dst: copy, panelColumns: padded }), workOf({ elements: rows * padded }));
    return use(copy, padded * 4);
  });
}

/** Calls `use` with a [rows, cols] row-major matrix packed in panels of tile columns (freed after). */
function withPanels<T>(rt: SimdRuntime, at: number, rows: number, cols: number, use: (panels: number) => T): T {
  return rt.withScratch([rows * paddedColumns(cols) * 4], ([panels]) => {
    rt.run(packPanelsTask({ src: at, rows, cols, srcRowBytes: cols * 4, transposed: false, dst: panels, panelColumns: columnsFor(cols) }), workOf({ elements: rows * cols }));
    return use(panels);
  });
}

/** out[n, oy, ox, :] = Σ window · filter, the filter packed in panels (k rows, `outChannels` columns). */
function convolve(rt: SimdRuntime, input: Images, window: Window, panels: number, outChannels: number): TensorInfo {
  const out = rt.backend.makeOutput([input.images, window.outHeight, window.outWidth, outChannels], 'float32');
  withPadded(rt, input, window, (padded) =>
    rt.run(convTask('convForward', {
      x: padded.at, images: padded.images, height: padded.height, width: padded.width, channels: padded.channels,
      kernelHeight: window.height, kernelWidth: window.width, strideHeight: window.strideHeight, strideWidth: window.strideWidth,
      outHeight: window.outHeight, outWidth: window.outWidth, outChannels, b: panels, bRowBytes: 0,
      out: offsetOf(rt, out), tileColumns: columnsFor(outChannels),
    }), workOf({ macs: input.images * window.outHeight * window.outWidth * window.height * window.width * input.channels * outChannels })),
  );
  return out;
}

function applies(conv: ConvInfo): boolean {
  return conv.dataFormat === 'channelsLast' && conv.dilationHeight === 1 && conv.dilationWidth === 1 && conv.batchSize * conv.outHeight * conv.outWidth * conv.inChannels * conv.outChannels > 0;
}

function windowOf(conv: ConvInfo): Window {
  return {
    height: conv.filterHeight, width: conv.filterWidth, strideHeight: conv.strideHeight, strideWidth: conv.strideWidth,
    outHeight: conv.outHeight, outWidth: conv.outWidth, top: conv.padInfo.top, left: conv.padInfo.left,
  };
}

function inputImages(rt: SimdRuntime, x: TensorInfo, conv: ConvInfo): Images {
  return { at: offsetOf(rt, x), images: conv.batchSize, height: conv.inHeight, width: conv.inWidth, channels: conv.inChannels };
}

export function conv2DForward(rt: SimdRuntime, x: TensorInfo, filter: TensorInfo, conv: ConvInfo): TensorInfo | null {
  if (!applies(conv) || conv.padInfo.top < 0 || conv.padInfo.left < 0) return null;
  const k = conv.filterHeight * conv.filterWidth * conv.inChannels;
  return withPanels(rt, offsetOf(rt, filter), k, conv.outChannels, (panels) => convolve(rt, inputImages(rt, x, conv), windowOf(conv), panels, conv.outChannels));
}

/** dW[i,j,c,o] = Σ x-window · dy: one pass of tile rows over (kernel position, channel). */
export function conv2DFilterGrad(rt: SimdRuntime, x: TensorInfo, dy: TensorInfo, conv: ConvInfo): TensorInfo | null {
  if (!applies(conv) || conv.padInfo.top < 0 || conv.padInfo.left < 0) return null;
  if (winogradApplies(conv)) return winogradFilterGrad(rt, x, dy, conv);
  const out = rt.backend.makeOutput(conv.filterShape, 'float32');
  const positions = conv.batchSize * conv.outHeight * conv.outWidth;
  const window = windowOf(conv);
  withPadded(rt, inputImages(rt, x, conv), window, (padded) =>
    withWholeTiles(rt, offsetOf(rt, dy), positions, conv.outChannels, (dyAt, dyRowBytes) =>
      rt.run(convTask('convFilterGrad', {
        x: padded.at, images: padded.images, height: padded.height, width: padded.width, channels: padded.channels,
        kernelHeight: window.height, kernelWidth: window.width, strideHeight: window.strideHeight, strideWidth: window.strideWidth,
        outHeight: window.outHeight, outWidth: window.outWidth, outChannels: conv.outChannels, b: dyAt, bRowBytes: dyRowBytes,
        out: offsetOf(rt, out), tileColumns: columnsFor(conv.outChannels),
      }), workOf({ macs: positions * conv.filterHeight * conv.filterWidth * conv.inChannels * conv.outChannels })),
    ),
  );
  return out;
}

/**
 * dx: each (position, tap) block of dy · wᵀ added into dx where the forward pass read it, any stride
 * (wasm/kernels/conv.ts convInputGrad). The filter is packed per tap, transposed, in panels of dx channels.
 */
export function conv2DInputGrad(rt: SimdRuntime, dy: TensorInfo, filter: TensorInfo, conv: ConvInfo): TensorInfo | null {
  if (!applies(conv) || conv.padInfo.top < 0 || conv.padInfo.left < 0) return null;
  const { filterHeight: kh, filterWidth: kw, inChannels: c, outChannels: o } = conv;
  const tileColumns = columnsFor(c);
  const tapBytes = o * paddedColumns(c) * 4;
  const dx = rt.backend.makeOutput(conv.inShape, 'float32');
  rt.withScratch([kh * kw * tapBytes], ([panels]) => {
    // Tap t's [c, o] block transposed to panels of c: packPanels reads src[col = c][row = o].
    rt.run(packPanelsTask({ src: offsetOf(rt, filter), rows: o, cols: c, srcRowBytes: o * 4, transposed: true, dst: panels, panelColumns: tileColumns, count: kh * kw, srcStrideBytes: c * o * 4, dstStrideBytes: tapBytes }), workOf({ elements: kh * kw * c * o }));
    rt.run(convInputGradTask({
      dy: offsetOf(rt, dy), images: conv.batchSize, outHeight: conv.outHeight, outWidth: conv.outWidth, outChannels: o,
      height: conv.inHeight, width: conv.inWidth, channels: c, kernelHeight: kh, kernelWidth: kw,
      strideHeight: conv.strideHeight, strideWidth: conv.strideWidth, padTop: conv.padInfo.top, padLeft: conv.padInfo.left,
      panels, dx: offsetOf(rt, dx), tileColumns,
    }), workOf({ macs: conv.batchSize * conv.outHeight * conv.outWidth * kh * kw * c * o }));
  });
  return dx;
}
