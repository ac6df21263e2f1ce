/**
 * The app's WebGPU filter gradient, in front of the one tfjs-backend-webgpu 4.22 ships.
 *
 * Why: the shipped Conv2DDerFilterProgram runs one GPU thread per filter weight, each summing
 * batch × output height × output width products in turn (288 threads for the classic CNN's first layer,
 * about 692,000 multiply-adds each at batch 1024), so most of the GPU waits. On an NVIDIA H200 it was
 * 86-95% of the classic CNN's training step (73.5 of 85.8 ms at batch 256, 354.4 of 371.8 ms at 1024;
 * docs/performance.md, docs/measurements/gpu-h200-2026-11-26-kernels.md).
 *
 * The same gradient as one forward convolution with batch and channels swapped (filterGradient.ts) ran
 * each of the CNNs' layers 2.5-15x faster there, agreeing to a relative 2.6e-5 (median of 7 calls each
 * ending in a read-back; docs/measurements/gpu-h200-2026-11-26-filter-gradient.md):
 *
 *   layer (x -> filter gradient)                  batch  shipped ms  as conv2d ms
 *   classic conv1 [28,28,1] -> [3,3,1,32]           256       40.5         5.8
 *   classic conv2 [13,13,32] -> [3,3,32,64]         256        7.9         2.6
 *   classic conv1                                  1024      304.2        20.2
 *   classic conv2                                  1024       49.2        11.1
 *   classic conv3 [5,5,64] -> [3,3,64,64]          1024        2.8         1.1
 *
 * Measured for stride 1 only, so only stride-1, undilated, NHWC, float32 layers take it (every CNN's);
 * the DCGAN's stride-2 layers and anything else keep the shipped kernel.
 */
import { Conv2DBackpropFilter, getKernel, registerKernel, unregisterKernel, type KernelConfig, type KernelFunc } from '@tensorflow/tfjs-core';
import { filterGradientInfo, filterGradientViaConv, type ConvInfo } from './filterGradient';

const BACKEND = 'webgpu';

/** Whether the registered WebGPU Conv2DBackpropFilter takes the forward convolution for this layer. */
export function usesConvFilterGradient(conv: ConvInfo): boolean {
  const strideOne = conv.strideHeight === 1 && conv.strideWidth === 1;
  const undilated = conv.dilationHeight === 1 && conv.dilationWidth === 1;
  return strideOne && undilated && conv.dataFormat === 'channelsLast';
}

/** The shipped kernel, kept when registerWebgpuTrainingKernels puts the dispatcher in front of it. */
let shipped: KernelConfig | undefined;
const viaConv = filterGradientViaConv(BACKEND);

const conv2DBackpropFilter: KernelFunc = (args) => {
  if (!shipped) throw new Error('Conv2DBackpropFilter on webgpu: the shipped kernel was not kept.');
  const { x, dy } = args.inputs;
  if (x?.dtype !== 'float32' || dy?.dtype !== 'float32') return shipped.kernelFunc(args);
  return usesConvFilterGradient(filterGradientInfo(x, args.attrs)) ? viaConv(args) : shipped.kernelFunc(args);
};

/**
 * Puts the dispatching Conv2DBackpropFilter in front of the shipped one, once (call after the backend's
 * package is imported, which registers its kernels); idempotent, and its setup and dispose stay.
 */
export function registerWebgpuTrainingKernels(): void {
  const current = getKernel(Conv2DBackpropFilter, BACKEND);
  if (!current || shipped) return;
  shipped = current;
  unregisterKernel(Conv2DBackpropFilter, BACKEND);
  registerKernel({ ...current, kernelFunc: conv2DBackpropFilter });
}
