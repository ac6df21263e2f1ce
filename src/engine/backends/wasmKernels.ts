/**
 * Gradient kernels that tfjs-backend-wasm 4.22 lacks, built from the kernels it has.
 *
 * Why: the wasm backend registers no Conv2DBackpropFilter, so no Conv2D or Conv2DTranspose layer can
 * train there ("Kernel 'Conv2DBackpropFilter' not registered for backend 'wasm'"). The filter gradient
 * dW[i,j,c,o] = Σ_{b,y,x} x[b, y·s+i−padTop, x·s+j−padLeft, c] · dy[b,y,x,o] is itself a convolution:
 * x as [c, h, w, b] (channels as batch, batch as channels) convolved with dy as an [oh, ow, b, o]
 * filter dilated by the stride (filterGradient.ts, shared with WebGPU). The wasm Conv2D runs that on
 * XNNPACK (SIMD).
 *
 * Chosen by measurement (Node, wasm SIMD, one thread, batch 64, fresh inputs per call; the table is in
 * the commit that added this file). Against the classic CNN's and the DCGAN's layers, that convolution
 * took 3-26 ms a layer, 200-1,700x the cpu backend's kernel. The alternatives lost:
 * - the wasm Conv3DBackpropFilterV2 with a depth-1 reshape is a plain loop (24-570 ms) and gives wrong
 *   results for stride 2 'same';
 * - im2col (kh·kw strided slices of x) and one XNNPACK matmul: the matmul packs its weight operand on
 *   every call and wasm strided slices are slow, so it was 1.5-20x slower on every layer but the
 *   one-channel first layers, where packing the patches instead saved ~5 ms: not worth a second path.
 *
 * The wasm backend's own Conv2DBackpropInput is a scalar loop: 139 ms of the classic CNN's ~290 ms
 * training step, and the forward pass of every Conv2DTranspose (the DCGAN generator). It is replaced by
 * the sub-pixel form of a transposed convolution, again one XNNPACK Conv2D, wherever that is faster
 * (usesSubPixelConv, with its measurements); the shipped kernel stays for the rest and for NCHW.
 */
import {
  backend_util,
  Conv2DBackpropFilter,
  Conv2DBackpropInput,
  getKernel,
  registerKernel,
  unregisterKernel,
  type Conv2DBackpropInputAttrs,
  type KernelBackend,
  type KernelConfig,
  type KernelFunc,
  type NamedAttrMap,
  type NamedTensorInfoMap,
  type TensorInfo,
} from '@tensorflow/tfjs-core';
import { filterGradientViaConv, KernelScope, requiredInput, type ConvInfo } from './filterGradient';
import { installSimdKernels } from './simd/install';
import type { KernelModules } from './simd/runtime';

const BACKEND = 'wasm';

/** An input of the wasm Conv2DBackpropInput, float32. */
function required(inputs: NamedTensorInfoMap, name: string): TensorInfo {
  return requiredInput(inputs, name, Conv2DBackpropInput, BACKEND);
}

/** One spatial axis of a transposed convolution recast as a stride-1 convolution over dy (see viaSubPixelConv). */
interface AxisPlan {
  stride: number;
  /** Taps of the stride-1 convolution: the dy offsets d = lo..hi any phase reads. */
  taps: number;
  /** Zero rows the convolution adds before and after dy. */
  padBefore: number;
  padAfter: number;
  /** Filter index that tap 0 of phase 0 reads before the taps are reversed, in -(stride-1)..0. */
  filterShift: number;
  /** dx's size on this axis. */
  size: number;
}

/**
 * With the forward pass's leading pad P, dx[s·Y+p] = Σ_d dy[Y+d] · W[p + P − s·d] for each phase p < s
 * (W zero outside 0..k−1): every phase is a stride-1 convolution over dy with taps d in lo..hi, lo
 * clamped to ≤ 0 so that dy is only ever padded, never cropped.
 */
function planAxis(inSize: number, outSize: number, kernel: number, stride: number, forwardPad: number): AxisPlan {
  const lo = Math.min(0, Math.ceil((forwardPad - kernel + 1) / stride));
  const hi = Math.floor((forwardPad + stride - 1) / stride);
  const phaseRows = Math.ceil(inSize / stride);
  return {
    stride,
    taps: hi - lo + 1,
    padBefore: -lo,
    padAfter: Math.max(0, phaseRows + hi - outSize),
    filterShift: forwardPad - stride * hi,
    size: inSize,
  };
}

/** Filter index on one axis that tap t of phase p reads (reversed taps), or -1 outside the kernel. */
function filterIndex(axis: AxisPlan, kernel: number, tap: number, phase: number): number {
  const index = axis.stride * (axis.taps - 1 - tap) + phase + axis.filterShift;
  return index >= 0 && index < kernel ? index : -1;
}

/**
 * The filter [kh, kw, c, o] as the stride-1 one [Th, Tw, o, sh·sw·c]: channel (ph, pw, c) of tap (th, tw)
 * holds W[filterIndex(h, th, ph), filterIndex(w, tw, pw), c, o], zero outside the kernel. Built in JS in
 * one pass: the filter is small (≤ 150k values in the models), and the wasm Reverse and 6-D Transpose
 * that would build it took 10-20 ms a call, more than the convolution.
 */
function subPixelFilter(scope: KernelScope, filter: TensorInfo, h: AxisPlan, w: AxisPlan): TensorInfo {
  const [kh, kw, c, o] = filter.shape;
  // readSync on wasm copies the values out of the heap; the filter is float32 (checked by required()).
  const source = scope.backend.readSync(filter.dataId) as Float32Array;
  const shape = [h.taps, w.taps, o, h.stride * w.stride * c];
  const values = new Float32Array(shape[0] * shape[1] * shape[2] * shape[3]);
  let at = 0;
  for (let th = 0; th < h.taps; th++) {
    for (let tw = 0; tw < w.taps; tw++) {
      for (let oc = 0; oc < o; oc++) {
        for (let ph = 0; ph < h.stride; ph++) {
          const y = filterIndex(h, kh, th, ph);
          for (let pw = 0; pw < w.stride; pw++, at += c) {
            const x = filterIndex(w, kw, tw, pw);
            if (y < 0 || x < 0) continue;
            const from = (y * kw + x) * c * o + oc;
            for (let ic = 0; ic < c; ic++) values[at + ic] = source[from + ic * o];
          }
        }
      }
    }
  }
  return scope.write(values, shape);
}

/** [b, R, C, sh·sw·c] phase channels to [b, R·sh, C·sw, c] pixels (depth-to-space). */
function interleavePhases(scope: KernelScope, phased: TensorInfo, h: AxisPlan, w: AxisPlan, c: number): TensorInfo {
  const [b, rows, cols] = phased.shape;
  if (h.stride * w.stride === 1) return phased;
  const split = scope.run('Reshape', { x: phased }, { shape: [b * rows, cols, h.stride, w.stride * c] });
  const moved = scope.run('Transpose', { x: split }, { perm: [0, 2, 1, 3] });
  return scope.run('Reshape', { x: moved }, { shape: [b, rows * h.stride, cols * w.stride, c] });
}

/**
 * dx (NHWC) as one XNNPACK convolution: the sub-pixel form of a transposed convolution. Each of the s²
 * output phases is a stride-1 convolution of dy with a slice of the flipped filter; stacking the phases
 * as output channels makes them one convolution, and a depth-to-space transpose interleaves them. It
 * does the shipped kernel's multiply-adds up to the taps' rounding (⌈k/s⌉² against k²/s²), where
 * inserting zeros into dy would do s² times as many.
 */
function viaSubPixelConv(scope: KernelScope, dy: TensorInfo, filter: TensorInfo, conv: ConvInfo): TensorInfo {
  const h = planAxis(conv.inHeight, conv.outHeight, conv.filterHeight, conv.strideHeight, conv.padInfo.top);
  const w = planAxis(conv.inWidth, conv.outWidth, conv.filterWidth, conv.strideWidth, conv.padInfo.left);
  const pad = [[0, 0], [h.padBefore, h.padAfter], [w.padBefore, w.padAfter], [0, 0]];
  const phased = scope.run('Conv2D', { x: dy, filter: subPixelFilter(scope, filter, h, w) }, { strides: 1, pad, dataFormat: 'NHWC', dilations: 1 });
  return cropTo(scope, interleavePhases(scope, phased, h, w, conv.inChannels), conv.inShape);
}

/** The top-left [b, h, w, c] of an NHWC tensor, sliced as [b, H, W·c] so each copy is a whole row. */
function cropTo(scope: KernelScope, t: TensorInfo, [b, h, w, c]: number[]): TensorInfo {
  const [, rows, cols] = t.shape;
  if (rows === h && cols === w) return t;
  const flat = scope.run('Reshape', { x: t }, { shape: [b, rows, cols * c] });
  const cropped = scope.run('Slice', { x: flat }, { begin: [0, 0, 0], size: [b, h, w * c] });
  return scope.run('Reshape', { x: cropped }, { shape: [b, h, w, c] });
}

/** The wasm backend's own Conv2DBackpropInput, kept when registerWasmTrainingKernels replaces it. */
let shippedInputGradient: KernelConfig | undefined;

function inputGradientInfo(filter: TensorInfo, attrs: NamedAttrMap | undefined): ConvInfo {
  // The registry types attrs as a loose map; the engine passes exactly these (tfjs-core kernel_names.ts).
  const { strides, pad, dataFormat, dimRoundingMode, inputShape } = attrs as unknown as Conv2DBackpropInputAttrs;
  const format = backend_util.convertConv2DDataFormat(dataFormat);
  const filterShape = filter.shape as [number, number, number, number];
  return backend_util.computeConv2DInfo(inputShape, filterShape, strides, 1, pad, dimRoundingMode, false, format);
}

function subPixelInputGradient(args: Parameters<KernelFunc>[0], conv: ConvInfo): TensorInfo {
  if (conv.dataFormat !== 'channelsLast') throw new Error('Conv2DBackpropInput on wasm via XNNPACK: NHWC only.');
  const dy = required(args.inputs, 'dy');
  const filter = required(args.inputs, 'filter');
  const scope = new KernelScope(args.backend as KernelBackend, BACKEND);
  try {
    return scope.keep(viaSubPixelConv(scope, dy, filter, conv));
  } finally {
    scope.dispose();
  }
}

/**
 * Conv2DBackpropInput through the sub-pixel XNNPACK convolution, whatever the shape (NHWC, float32).
 * Exported for tests and measurement; the registered kernel dispatches with usesSubPixelConv.
 */
export const conv2DBackpropInputViaConv: KernelFunc = (args) =>
  subPixelInputGradient(args, inputGradientInfo(required(args.inputs, 'filter'), args.attrs));

/**
 * When the sub-pixel convolution replaces the shipped loop: dy has at least 48 positions (b·oh·ow) and
 * the shipped loop would do at least 4,096 multiply-adds (b·oh·ow·kh·kw·c·o). Below 48 positions each
 * filter value is used too few times to repay building and packing the stride-1 filter (in JS and in
 * XNNPACK, both proportional to its size); below 4,096 multiply-adds both take under 0.1 ms and the
 * convolution's handful of kernel calls costs more than the loop. Channel counts need no rule of their
 * own: with the phases as output channels, even the DCGAN's 1-channel image layer is 3.5x faster.
 *
 * Measured in Node 20 (wasm SIMD, one thread, 2 cores; medians of 5-21 interleaved calls, ms):
 *
 *   layer's input gradient, batch 64                    shipped  sub-pixel
 *   classic conv2   dy 11x11x64 -> dx 13x13x32, k3 s1      138.9       16.1   8.6x
 *   classic conv3   dy 3x3x64   -> dx 5x5x64,   k3 s1       21.0        5.5   3.8x
 *   tiny conv2      dy 11x11x16 -> dx 13x13x8,  k3 s1        9.9        1.1   8.7x
 *   large conv2     dy 11x11x128 -> dx 13x13x64, k3 s1     556.3       63.0   8.8x
 *   DCGAN g_deconv1 (forward), d_conv2
 *                   dy 7x7x64   -> dx 14x14x32, k5 s2 same 131.7       20.3   6.5x
 *   DCGAN g_image (forward), d_conv1
 *                   dy 14x14x32 -> dx 28x28x1,  k5 s2 same   9.3        2.7   3.5x
 *
 *   1,932 shapes: batch 1-64, dx 2-28 px, k 1/3/5, s 1/2, c and o 1-128
 *                                        shapes  sub-pixel faster   Σ shipped  Σ sub-pixel
 *   ≥ 48 positions and ≥ 4,096 MACs        1460  1382, median 4.6x     42,119        4,481
 *   ≥ 48 positions,  < 4,096 MACs           108    34, median 0.71x        2.3          2.9
 *    < 48 positions                         364    56, median 0.42x        227          479
 */
const SUBPIXEL_MIN_DY_POSITIONS = 48;
const SUBPIXEL_MIN_MACS = 4096;

/** Whether the registered Conv2DBackpropInput takes the sub-pixel convolution (NHWC) for this shape. */
export function usesSubPixelConv(conv: ConvInfo): boolean {
  if (conv.dataFormat !== 'channelsLast' || conv.inHeight * conv.inWidth === 0) return false;
  const positions = conv.batchSize * conv.outHeight * conv.outWidth;
  const macs = positions * conv.filterHeight * conv.filterWidth * conv.inChannels * conv.outChannels;
  return positions >= SUBPIXEL_MIN_DY_POSITIONS && macs >= SUBPIXEL_MIN_MACS;
}

/** The sub-pixel convolution where usesSubPixelConv says it wins, else the shipped kernel (any dtype). */
const conv2DBackpropInput: KernelFunc = (args) => {
  if (!shippedInputGradient) throw new Error('Conv2DBackpropInput on wasm: the shipped kernel was not kept.');
  const { dy, filter } = args.inputs;
  if (dy?.dtype !== 'float32' || filter?.dtype !== 'float32') return shippedInputGradient.kernelFunc(args);
  const conv = inputGradientInfo(filter, args.attrs);
  return usesSubPixelConv(conv) ? subPixelInputGradient(args, conv) : shippedInputGradient.kernelFunc(args);
};

/** Swaps the shipped Conv2DBackpropInput for the dispatching one, once; its setup and dispose stay. */
function replaceConv2DBackpropInput(): void {
  const current = getKernel(Conv2DBackpropInput, BACKEND);
  // Done once: later the registered kernel is this dispatcher, or the app's kernel in front of it (simd/register.ts).
  if (!current || shippedInputGradient) return;
  shippedInputGradient = current;
  unregisterKernel(Conv2DBackpropInput, BACKEND);
  registerKernel({ ...current, kernelFunc: conv2DBackpropInput });
}

/**
 * Registers the training kernels the wasm backend lacks, swaps its slow Conv2DBackpropInput for the
 * dispatching one, and puts the app's own WebAssembly kernels (simd/) in front of both where they apply
 * (`compiled`: the binaries a browser compiled; Node reads them itself). Idempotent, and safe before or after tf.setBackend('wasm') (kernels are looked up per
 * call; the shipped kernel's setup runs either way); a Conv2DBackpropFilter the backend already has,
 * e.g. from a later tfjs release, is left alone.
 */
export function registerWasmTrainingKernels(compiled?: KernelModules | null): void {
  if (!getKernel(Conv2DBackpropFilter, BACKEND)) {
    registerKernel({ kernelName: Conv2DBackpropFilter, backendName: BACKEND, kernelFunc: filterGradientViaConv(BACKEND) });
  }
  replaceConv2DBackpropInput();
  installSimdKernels(compiled);
}
