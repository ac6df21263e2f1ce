/**
 * Gradient kernels that tfjs-backend-wasm 4.22 lacks, built from the kernels it has.
 *
 * Why: the wasm backend registers no Conv2DBackpropFilter, so no Conv2D or Conv2DTranspose layer can
 * train there ("Kernel 'Conv2DBackpropFilter' not registered for backend 'wasm'"). The filter gradient
 * dW[i,j,c,o] = Σ_{b,y,x} x[b, y·s+i−padTop, x·s+j−padLeft, c] · dy[b,y,x,o] is itself a convolution:
 * x as [c, h, w, b] (channels as batch, batch as channels) convolved with dy as an [oh, ow, b, o]
 * filter dilated by the stride. The wasm Conv2D runs that on XNNPACK (SIMD).
 *
 * Chosen by measurement (Node, wasm SIMD, one thread, batch 64, fresh inputs per call; the table is in
 * the commit that added this file). Against the classic CNN's and the DCGAN's layers, that convolution
 * took 3-26 ms a layer, 200-1,700x the cpu backend's kernel. The alternatives lost:
 * - the wasm Conv3DBackpropFilterV2 with a depth-1 reshape is a plain loop (24-570 ms) and gives wrong
 *   results for stride 2 'same';
 * - im2col (kh·kw strided slices of x) and one XNNPACK matmul: the matmul packs its weight operand on
 *   every call and wasm strided slices are slow, so it was 1.5-20x slower on every layer but the
 *   one-channel first layers, where packing the patches instead saved ~5 ms: not worth a second path.
 */
import {
  backend_util,
  Conv2DBackpropFilter,
  getKernel,
  registerKernel,
  type Conv2DBackpropFilterAttrs,
  type KernelBackend,
  type KernelFunc,
  type NamedAttrMap,
  type NamedTensorInfoMap,
  type TensorInfo,
} from '@tensorflow/tfjs-core';

const BACKEND = 'wasm';

type ConvInfo = backend_util.Conv2DInfo;

/** Runs registered wasm kernels directly on the backend and frees every output it did not hand on. */
class KernelScope {
  private readonly made: TensorInfo[] = [];

  constructor(private readonly backend: KernelBackend) {}

  run(kernelName: string, inputs: NamedTensorInfoMap, attrs: NamedAttrMap = {}): TensorInfo {
    const kernel = getKernel(kernelName, BACKEND);
    if (!kernel) throw new Error(`The wasm backend has no ${kernelName} kernel to build a gradient from.`);
    // Every kernel used here returns a single tensor.
    const out = kernel.kernelFunc({ inputs, attrs, backend: this.backend }) as TensorInfo;
    this.made.push(out);
    return out;
  }

  /** Takes a result out of the scope: the caller (the engine) owns it from now on. */
  keep(info: TensorInfo): TensorInfo {
    const index = this.made.indexOf(info);
    if (index < 0) throw new Error('KernelScope.keep: not made in this scope.');
    this.made.splice(index, 1);
    return info;
  }

  /** Drops one reference per output made (reshapes share data and hold their own reference). */
  dispose(): void {
    for (const info of this.made.splice(0)) this.backend.disposeData(info.dataId);
  }
}

/** The permutation that puts x's (or dy's) axes in the named order, e.g. 'cbhw', for either data format. */
function permTo(conv: ConvInfo, order: string): number[] {
  const layout = conv.dataFormat === 'channelsLast' ? 'bhwc' : 'bchw';
  return [...order].map((axis) => layout.indexOf(axis));
}

/** Zero-pads the h and w axes (at these positions) so every window the forward pass read is inside. */
function padToWindows(scope: KernelScope, t: TensorInfo, [hAxis, wAxis]: [number, number], conv: ConvInfo): TensorInfo {
  const { top, left } = conv.padInfo;
  const bottom = Math.max(0, (conv.outHeight - 1) * conv.strideHeight + conv.filterHeight - conv.inHeight - top);
  const right = Math.max(0, (conv.outWidth - 1) * conv.strideWidth + conv.filterWidth - conv.inWidth - left);
  if (top === 0 && left === 0 && bottom === 0 && right === 0) return t;
  const paddings = t.shape.map(() => [0, 0]);
  paddings[hAxis] = [top, bottom];
  paddings[wAxis] = [left, right];
  return scope.run('PadV2', { x: t }, { paddings, constantValue: 0 });
}

/**
 * dW as one XNNPACK convolution: x as [c, h, w, b] (channels as batch, batch as channels) with dy as
 * an [oh, ow, b, o] filter dilated by the stride gives [c, ≥kh, ≥kw, o]; crop and reorder to [kh,kw,c,o].
 */
function viaDilatedConv(scope: KernelScope, x: TensorInfo, dy: TensorInfo, conv: ConvInfo): TensorInfo {
  const { inChannels: c, outChannels: o, filterHeight: kh, filterWidth: kw } = conv;
  const xt = padToWindows(scope, scope.run('Transpose', { x }, { perm: permTo(conv, 'chwb') }), [1, 2], conv);
  // dy's channel axis ('c' in its layout) holds the o output channels.
  const filter = scope.run('Transpose', { x: dy }, { perm: permTo(conv, 'hwbc') });
  const dilations = [conv.strideHeight, conv.strideWidth];
  const full = scope.run('Conv2D', { x: xt, filter }, { strides: 1, pad: 'valid', dataFormat: 'NHWC', dilations });
  const fits = full.shape[1] === kh && full.shape[2] === kw;
  const cropped = fits ? full : scope.run('Slice', { x: full }, { begin: [0, 0, 0, 0], size: [c, kh, kw, o] });
  return scope.run('Transpose', { x: cropped }, { perm: [1, 2, 0, 3] });
}

function required(inputs: NamedTensorInfoMap, name: string): TensorInfo {
  const info = inputs[name];
  if (!info) throw new Error(`Conv2DBackpropFilter on wasm: missing input ${name}.`);
  if (info.dtype !== 'float32') throw new Error(`Conv2DBackpropFilter on wasm: ${name} must be float32, got ${info.dtype}.`);
  return info;
}

const conv2DBackpropFilter: KernelFunc = ({ inputs, backend, attrs }) => {
  const x = required(inputs, 'x');
  const dy = required(inputs, 'dy');
  // The registry types attrs as a loose map; the engine passes exactly these (tfjs-core kernel_names.ts).
  const { strides, pad, dataFormat, dimRoundingMode, filterShape } = attrs as unknown as Conv2DBackpropFilterAttrs;
  const format = backend_util.convertConv2DDataFormat(dataFormat);
  const xShape = x.shape as [number, number, number, number];
  const conv = backend_util.computeConv2DInfo(xShape, filterShape, strides, 1, pad, dimRoundingMode, false, format);
  const scope = new KernelScope(backend as KernelBackend);
  try {
    if (conv.batchSize * conv.outHeight * conv.outWidth === 0) {
      return scope.keep(scope.run('Fill', {}, { shape: conv.filterShape, value: 0, dtype: 'float32' }));
    }
    return scope.keep(viaDilatedConv(scope, x, dy, conv));
  } finally {
    scope.dispose();
  }
};

/**
 * Registers the training kernels the wasm backend lacks. Idempotent, and safe before or after
 * tf.setBackend('wasm') (kernels are looked up per call); a kernel the backend already has, e.g.
 * from a later tfjs release, is left alone.
 */
export function registerWasmTrainingKernels(): void {
  if (getKernel(Conv2DBackpropFilter, BACKEND)) return;
  registerKernel({ kernelName: Conv2DBackpropFilter, backendName: BACKEND, kernelFunc: conv2DBackpropFilter });
}
