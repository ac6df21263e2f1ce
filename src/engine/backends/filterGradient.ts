/**
 * A convolution's filter gradient as one forward convolution, on any backend that has Conv2D, Transpose,
 * PadV2, Slice and Fill kernels (wasm, webgpu).
 *
 * dW[i,j,c,o] = Σ_{b,y,x} x[b, y·s+i−padTop, x·s+j−padLeft, c] · dy[b,y,x,o] is itself a convolution:
 * x as [c, h, w, b] (channels as batch, batch as channels) convolved with dy as an [oh, ow, b, o] filter
 * dilated by the stride. Each backend runs that on its fastest path: XNNPACK on wasm, the matrix-multiply
 * convolution on WebGPU. Why each backend uses it, and where, is in wasmKernels.ts and webgpuKernels.ts.
 */
import {
  backend_util,
  Conv2DBackpropFilter,
  getKernel,
  type Conv2DBackpropFilterAttrs,
  type KernelBackend,
  type KernelFunc,
  type NamedAttrMap,
  type NamedTensorInfoMap,
  type TensorInfo,
} from '@tensorflow/tfjs-core';

export type ConvInfo = backend_util.Conv2DInfo;

/** Runs one backend's registered kernels directly on it and frees every output it did not hand on. */
export class KernelScope {
  private readonly made: TensorInfo[] = [];

  constructor(
    readonly backend: KernelBackend,
    readonly backendName: string,
  ) {}

  run(kernelName: string, inputs: NamedTensorInfoMap, attrs: NamedAttrMap = {}): TensorInfo {
    const kernel = getKernel(kernelName, this.backendName);
    if (!kernel) throw new Error(`The ${this.backendName} backend has no ${kernelName} kernel to build a gradient from.`);
    // Every kernel used here returns a single tensor.
    const out = kernel.kernelFunc({ inputs, attrs, backend: this.backend }) as TensorInfo;
    this.made.push(out);
    return out;
  }

  /** Puts values computed in JS on the backend, as a float32 tensor this scope frees. */
  write(values: Float32Array, shape: number[]): TensorInfo {
    const info: TensorInfo = { dataId: this.backend.write(values, shape, 'float32'), shape, dtype: 'float32' };
    this.made.push(info);
    return info;
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

/** A kernel's float32 input by name, or an error naming the kernel and the backend. */
export function requiredInput(inputs: NamedTensorInfoMap, name: string, kernelName: string, backendName: string): TensorInfo {
  const info = inputs[name];
  if (!info) throw new Error(`${kernelName} on ${backendName}: missing input ${name}.`);
  if (info.dtype !== 'float32') throw new Error(`${kernelName} on ${backendName}: ${name} must be float32, got ${info.dtype}.`);
  return info;
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
 * dW as one convolution: x as [c, h, w, b] (channels as batch, batch as channels) with dy as an
 * [oh, ow, b, o] filter dilated by the stride gives [c, ≥kh, ≥kw, o]; crop and reorder to [kh,kw,c,o].
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

/** The convolution a Conv2DBackpropFilter call differentiates, from its x and attributes. */
export function filterGradientInfo(x: TensorInfo, attrs: NamedAttrMap | undefined): ConvInfo {
  // The registry types attrs as a loose map; the engine passes exactly these (tfjs-core kernel_names.ts).
  const { strides, pad, dataFormat, dimRoundingMode, filterShape } = attrs as unknown as Conv2DBackpropFilterAttrs;
  const format = backend_util.convertConv2DDataFormat(dataFormat);
  const xShape = x.shape as [number, number, number, number];
  return backend_util.computeConv2DInfo(xShape, filterShape, strides, 1, pad, dimRoundingMode, false, format);
}

/** Conv2DBackpropFilter through one forward convolution of this backend (float32, either data format). */
export function filterGradientViaConv(backendName: string): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const x = requiredInput(inputs, 'x', Conv2DBackpropFilter, backendName);
    const dy = requiredInput(inputs, 'dy', Conv2DBackpropFilter, backendName);
    const conv = filterGradientInfo(x, attrs);
    const scope = new KernelScope(backend as KernelBackend, backendName);
    try {
      if (conv.batchSize * conv.outHeight * conv.outWidth === 0) {
        return scope.keep(scope.run('Fill', {}, { shape: conv.filterShape, value: 0, dtype: 'float32' }));
      }
      return scope.keep(viaDilatedConv(scope, x, dy, conv));
    } finally {
      scope.dispose();
    }
  };
}
