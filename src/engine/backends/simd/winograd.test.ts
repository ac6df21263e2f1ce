import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerWasmTrainingKernels } from '../wasmKernels';
import { appKernelTasksOf, kernelModules } from './runtime';
import { onBoth, onWasm, relativeError, tensor } from './testing';
import { setWinogradEnabled, winogradApplies } from './winograd';

beforeAll(async () => {
  registerWasmTrainingKernels();
  expect(await tf.setBackend('cpu')).toBe(true);
  expect(await tf.setBackend('wasm')).toBe(true);
  expect(kernelModules(), 'the kernel binaries were built (npm run data) and compiled').not.toBeNull();
});

/** Winograd's transforms round differently from the direct sum; 1e-5 of the largest value is far below what training notices. */
const WINOGRAD_TOLERANCE = 1e-5;

interface Layer {
  batch: number;
  height: number;
  width: number;
  inChannels: number;
  outChannels: number;
  pad: 'valid' | 'same';
}

// The large CNN's conv2 (the step's biggest), odd and even sides, channels that are not a multiple of 4, 'same' padding.
const LAYERS: Layer[] = [
  { batch: 2, height: 13, width: 13, inChannels: 64, outChannels: 128, pad: 'valid' },
  { batch: 1, height: 10, width: 12, inChannels: 50, outChannels: 53, pad: 'valid' },
  { batch: 2, height: 9, width: 7, inChannels: 49, outChannels: 64, pad: 'same' },
];

function info(l: Layer) {
  return tf.backend_util.computeConv2DInfo([l.batch, l.height, l.width, l.inChannels], [3, 3, l.inChannels, l.outChannels], 1, 1, l.pad);
}

function filterGradient(layer: Layer): () => tf.Tensor {
  const conv = info(layer);
  return () => tf.engine().runKernel('Conv2DBackpropFilter', { x: tensor(conv.inShape, 1), dy: tensor(conv.outShape, 3) }, { strides: 1, pad: layer.pad, dataFormat: 'NHWC', filterShape: conv.filterShape } as unknown as tf.NamedAttrMap) as tf.Tensor;
}

describe("Winograd's filter gradient on wasm", () => {
  it('matches the cpu backend on a small padded layer, taking its own path', async () => {
    const layer = LAYERS[2];
    expect(winogradApplies(info(layer))).toBe(true);
    const before = appKernelTasksOf('winogradInput');
    const { wasm, cpu } = await onBoth(filterGradient(layer));
    expect(appKernelTasksOf('winogradInput'), "Winograd's input transform ran").toBe(before + 1);
    expect(relativeError(wasm, cpu)).toBeLessThanOrEqual(WINOGRAD_TOLERANCE);
  });

  // The direct kernel is held to the cpu backend on generated shapes (simdKernels.test.ts); it is the quick reference here.
  it.each(LAYERS.map((l) => [JSON.stringify(l), l] as const))('matches the direct kernel: %s', async (_, layer) => {
    expect(winogradApplies(info(layer))).toBe(true);
    const winograd = await onWasm(filterGradient(layer));
    setWinogradEnabled(false);
    try {
      const direct = await onWasm(filterGradient(layer));
      expect(relativeError(winograd, direct)).toBeLessThanOrEqual(WINOGRAD_TOLERANCE);
    } finally {
      setWinogradEnabled(true);
    }
  });

  it('leaves the layers where it does not pay to the direct kernel: narrow ones, a 3 x 3 output, stride 2, 5 x 5 filters', () => {
    const of = (x: number[], w: number[], stride = 1, pad: 'valid' | 'same' = 'valid') => tf.backend_util.computeConv2DInfo(x as [number, number, number, number], w as [number, number, number, number], stride, 1, pad);
    expect(winogradApplies(of([8, 13, 13, 32], [3, 3, 32, 64]))).toBe(false);
    expect(winogradApplies(of([8, 28, 28, 1], [3, 3, 1, 64]))).toBe(false);
    expect(winogradApplies(of([8, 5, 5, 128], [3, 3, 128, 128]))).toBe(false);
    expect(winogradApplies(of([8, 14, 14, 64], [3, 3, 64, 64], 2, 'same'))).toBe(false);
    expect(winogradApplies(of([8, 14, 14, 64], [5, 5, 64, 64]))).toBe(false);
  });
});
