/**
 * Puts the app's WebAssembly kernels in front of the wasm backend's own: each replaced kernel keeps its
 * registration (setup and dispose included) and runs the app's kernel where it applies (float32, the
 * layouts the models use, SIMD kernels compiled), else the kernel it replaced. Idempotent.
 */
import {
  _FusedMatMul,
  Abs,
  Add,
  backend_util,
  BatchMatMul,
  ClipByValue,
  Conv2D,
  Conv2DBackpropFilter,
  Conv2DBackpropInput,
  GatherV2,
  getKernel,
  Identity,
  LeakyRelu,
  Maximum,
  MaxPool,
  MaxPoolGrad,
  Minimum,
  Multiply,
  Neg,
  RealDiv,
  registerKernel,
  Relu,
  Relu6,
  Sigmoid,
  Softmax,
  Sqrt,
  Square,
  Sub,
  Sum,
  unregisterKernel,
  type _FusedMatMulAttrs,
  type BatchMatMulAttrs,
  type ClipByValueAttrs,
  type Conv2DAttrs,
  type Conv2DBackpropFilterAttrs,
  type Conv2DBackpropInputAttrs,
  type GatherV2Attrs,
  type KernelFunc,
  type LeakyReluAttrs,
  type MaxPoolAttrs,
  type MaxPoolGradAttrs,
  type SoftmaxAttrs,
  type SumAttrs,
  type TensorInfo,
} from '@tensorflow/tfjs-core';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { conv2DFilterGrad, conv2DForward, conv2DInputGrad } from './convKernels';
import { gatherRows, shareData } from './dataKernels';
import { addBias, batchMatMul, maxPoolGrad, sumLeadingAxes } from './otherKernels';
import { binaryOp, fusedMatMul, maxPool, softmax, unaryOp } from './pointwiseKernels';
import { SimdRuntime } from './runtime';
import type { BinaryOp, UnaryOp } from './tasks';
import { float32Inputs } from './tensors';

const BACKEND = 'wasm';

type KernelArgs = Parameters<KernelFunc>[0];
/** The app's kernel: a result, or null to run the replaced one. */
type Override = (rt: SimdRuntime, args: KernelArgs) => TensorInfo | null;

/** Marks kernel functions this module made, so a second registration does not wrap them again. */
const MADE_HERE = new WeakSet<KernelFunc>();

// The registry types attrs as a loose map; the engine passes exactly each kernel's attrs (tfjs-core kernel_names.ts).
function attrsOf<T>(args: KernelArgs): T {
  return args.attrs as unknown as T;
}

function convInfo(xShape: number[], filterShape: number[], strides: number | [number, number], dilations: number | [number, number], pad: Conv2DAttrs['pad'], dataFormat: 'NHWC' | 'NCHW', rounding: Conv2DAttrs['dimRoundingMode']): backend_util.Conv2DInfo {
  const format = backend_util.convertConv2DDataFormat(dataFormat);
  return backend_util.computeConv2DInfo(xShape as [number, number, number, number], filterShape as [number, number, number, number], strides, dilations, pad, rounding, false, format);
}

const binary = (op: BinaryOp): Override => (rt, args) => {
  const t = float32Inputs(args.inputs, 'a', 'b');
  return t ? binaryOp(rt, op, t.a, t.b) : null;
};

const unary = (op: UnaryOp): Override => (rt, args) => {
  const t = float32Inputs(args.inputs, 'x');
  return t ? unaryOp(rt, op, t.x) : null;
};

const OVERRIDES: Record<string, Override> = {
  [Conv2D]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'x', 'filter');
    if (!t) return null;
    const { strides, pad, dataFormat, dilations, dimRoundingMode } = attrsOf<Conv2DAttrs>(args);
    return conv2DForward(rt, t.x, t.filter, convInfo(t.x.shape, t.filter.shape, strides, dilations, pad, dataFormat, dimRoundingMode));
  },
  [Conv2DBackpropFilter]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'x', 'dy');
    if (!t) return null;
    const { strides, pad, dataFormat, dimRoundingMode, filterShape } = attrsOf<Conv2DBackpropFilterAttrs>(args);
    return conv2DFilterGrad(rt, t.x, t.dy, convInfo(t.x.shape, filterShape, strides, 1, pad, dataFormat, dimRoundingMode));
  },
  [Conv2DBackpropInput]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'dy', 'filter');
    if (!t) return null;
    const { strides, pad, dataFormat, dimRoundingMode, inputShape } = attrsOf<Conv2DBackpropInputAttrs>(args);
    return conv2DInputGrad(rt, t.dy, t.filter, convInfo(inputShape, t.filter.shape, strides, 1, pad, dataFormat, dimRoundingMode));
  },
  [MaxPoolGrad]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'dy', 'input', 'output');
    if (!t) return null;
    const { filterSize, strides, pad, dimRoundingMode } = attrsOf<MaxPoolGradAttrs>(args);
    const pool = backend_util.computePool2DInfo(t.input.shape as [number, number, number, number], filterSize, strides, 1, pad, dimRoundingMode);
    return maxPoolGrad(rt, t.dy, t.input, t.output, pool);
  },
  [Sum]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'x');
    if (!t) return null;
    const { axis, keepDims } = attrsOf<SumAttrs>(args);
    return sumLeadingAxes(rt, t.x, axis, keepDims);
  },
  [Add]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'a', 'b');
    return t ? (addBias(rt, t.a, t.b) ?? binaryOp(rt, 'add', t.a, t.b)) : null;
  },
  [Sub]: binary('sub'),
  [Multiply]: binary('mul'),
  [RealDiv]: binary('div'),
  [Maximum]: binary('max'),
  [Minimum]: binary('min'),
  [Relu]: unary('relu'),
  [Relu6]: unary('relu6'),
  [Neg]: unary('neg'),
  [Abs]: unary('abs'),
  [Square]: unary('square'),
  [Sqrt]: unary('sqrt'),
  [Sigmoid]: unary('sigmoid'),
  [LeakyRelu]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'x');
    return t ? unaryOp(rt, 'leakyRelu', t.x, attrsOf<LeakyReluAttrs>(args).alpha) : null;
  },
  [ClipByValue]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'x');
    const { clipValueMin, clipValueMax } = attrsOf<ClipByValueAttrs>(args);
    return t ? unaryOp(rt, 'clip', t.x, clipValueMin, clipValueMax) : null;
  },
  [Softmax]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'logits');
    return t ? softmax(rt, t.logits, attrsOf<SoftmaxAttrs>(args).dim) : null;
  },
  [MaxPool]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'x');
    if (!t) return null;
    const { filterSize, strides, pad, dimRoundingMode } = attrsOf<MaxPoolAttrs>(args);
    return maxPool(rt, t.x, backend_util.computePool2DInfo(t.x.shape as [number, number, number, number], filterSize, strides, 1, pad, dimRoundingMode));
  },
  [_FusedMatMul]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'a', 'b');
    const { bias, preluActivationWeights } = args.inputs;
    if (!t || preluActivationWeights || (bias && bias.dtype !== 'float32')) return null;
    const { transposeA, transposeB, activation, leakyreluAlpha } = attrsOf<_FusedMatMulAttrs>(args);
    return fusedMatMul(rt, t.a, t.b, bias, activation, transposeA, transposeB, leakyreluAlpha);
  },
  [Identity]: (rt, args) => (args.inputs.x ? shareData(rt.backend, args.inputs.x) : null),
  [GatherV2]: (rt, args) => {
    const { x, indices } = args.inputs;
    const { axis, batchDims } = attrsOf<GatherV2Attrs>(args);
    return x && indices ? gatherRows(rt.backend, x, indices, axis, batchDims) : null;
  },
  [BatchMatMul]: (rt, args) => {
    const t = float32Inputs(args.inputs, 'a', 'b');
    if (!t) return null;
    const { transposeA, transposeB } = attrsOf<BatchMatMulAttrs>(args);
    return batchMatMul(rt, t.a, t.b, transposeA, transposeB);
  },
};

/** Wraps the registered kernel (or `fallback` where the backend has none) with the app's override. */
function overrideKernel(kernelName: string, override: Override): void {
  const current = getKernel(kernelName, BACKEND);
  if (current && MADE_HERE.has(current.kernelFunc)) return;
  const replaced = current?.kernelFunc;
  const kernelFunc: KernelFunc = (args) => {
    const rt = SimdRuntime.of(args.backend as BackendWasm);
    const result = rt ? override(rt, args) : null;
    if (result) return result;
    if (!replaced) throw new Error(`${kernelName} on wasm: no kernel for these inputs.`);
    return replaced(args);
  };
  MADE_HERE.add(kernelFunc);
  if (current) unregisterKernel(kernelName, BACKEND);
  registerKernel({ ...(current ?? { kernelName, backendName: BACKEND }), kernelFunc });
}

export function registerSimdKernels(): void {
  for (const [kernelName, override] of Object.entries(OVERRIDES)) overrideKernel(kernelName, override);
}
