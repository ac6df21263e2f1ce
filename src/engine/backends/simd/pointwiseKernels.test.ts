import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerWasmTrainingKernels } from '../wasmKernels';
import { kernelModules } from './runtime';
import { GENERATED_CASES, onBoth, relativeError, seededValues, tensor } from './testing';

beforeAll(async () => {
  registerWasmTrainingKernels();
  expect(await tf.setBackend('cpu')).toBe(true);
  expect(await tf.setBackend('wasm')).toBe(true);
  expect(kernelModules(), 'the kernel binaries were built (npm run data) and compiled').not.toBeNull();
});

// The broadcasts a step makes: same shapes, a scalar on either side, a bias row, a per-example column.
const BROADCASTS: [number[], number[]][] = [
  [[32, 10], [32, 10]],
  [[64, 256], []],
  [[], [32, 784]],
  [[32, 784], [784]],
  [[32, 10], [32, 1]],
  [[32, 1], [32, 10]],
  [[3, 5, 5, 7], [3, 5, 5, 7]],
  [[70001], []],
];

const BINARY = { add: tf.add, sub: tf.sub, mul: tf.mul, div: tf.div, maximum: tf.maximum, minimum: tf.minimum };

describe("the app's element-wise kernels on wasm", () => {
  for (const [name, op] of Object.entries(BINARY)) {
    it(`${name} is exactly the cpu result on every broadcast a step makes`, async () => {
      for (const [a, b] of BROADCASTS) {
        const { wasm, cpu } = await onBoth(() => op(tensor(a, 1), tensor(b, 2).add(name === 'div' ? 1.5 : 0)));
        expect(relativeError(wasm, cpu), JSON.stringify([a, b])).toBe(0);
      }
    });
  }

  it('leaves a broadcast it cannot read in rows to the kernel it replaced, with the same result', async () => {
    const { wasm, cpu } = await onBoth(() => tf.mul(tensor([4, 1, 5], 1), tensor([1, 3, 1], 2)), false);
    expect(relativeError(wasm, cpu)).toBe(0);
  });

  const UNARY: [string, (x: tf.Tensor) => tf.Tensor, number][] = [
    ['relu', tf.relu, 0],
    ['relu6', (x) => tf.relu6(x.mul(8)), 0],
    // alpha is a float32 here and a double on the cpu backend: the products round apart.
    ['leakyRelu', (x) => tf.leakyRelu(x, 0.01), 1e-6],
    ['neg', tf.neg, 0],
    ['abs', tf.abs, 0],
    ['square', tf.square, 0],
    ['sqrt', (x) => tf.sqrt(tf.abs(x)), 0],
    ['clipByValue', (x) => tf.clipByValue(x, -0.25, 0.5), 0],
    ['sigmoid', (x) => tf.sigmoid(x.mul(20)), 1e-6],
  ];
  it.each(UNARY)('%s matches the cpu backend (within %d relative)', async (_, op, tolerance) => {
    for (const shape of [[3], [32, 1], [64, 1024], [5, 13, 13, 7]]) {
      const { wasm, cpu } = await onBoth(() => op(tensor(shape, 3)));
      expect(relativeError(wasm, cpu), JSON.stringify(shape)).toBeLessThanOrEqual(tolerance);
    }
  });

  it('sigmoid keeps its ends: 0 and 1 far out, never NaN', async () => {
    const { wasm } = await onBoth(() => tf.sigmoid(tf.tensor1d([-1000, -90, 0, 90, 1000, Infinity, -Infinity])));
    expect(Array.from(wasm)).toEqual([0, 0, 0.5, 1, 1, 1, 0]);
  });

  it('softmax over the last axis matches the cpu backend, and sums to 1 per row', async () => {
    for (const shape of [[32, 10], [1, 3], [7, 100]]) {
      const { wasm, cpu } = await onBoth(() => tf.softmax(tensor(shape, 4).mul(30)));
      expect(relativeError(wasm, cpu), JSON.stringify(shape)).toBeLessThanOrEqual(1e-6);
      for (let r = 0; r < shape[0]; r++) expect(wasm.slice(r * shape[1], (r + 1) * shape[1]).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
    }
  });

  it('MaxPool gives exactly the cpu result on generated pools that do not overlap', async () => {
    const poolCase = fc.record({
      batch: fc.integer({ min: 1, max: 4 }),
      side: fc.integer({ min: 2, max: 15 }),
      channels: fc.integer({ min: 1, max: 13 }),
      size: fc.integer({ min: 1, max: 3 }),
      extraStride: fc.integer({ min: 0, max: 1 }),
      pad: fc.constantFrom('same' as const, 'valid' as const),
      seed: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(poolCase, async (c) => {
        const shape = [c.batch, Math.max(c.side, c.size), Math.max(c.side, c.size), c.channels] as [number, number, number, number];
        const { wasm, cpu } = await onBoth(() => tf.maxPool(tf.tensor4d(seededValues(tf.util.sizeFromShape(shape), c.seed), shape), c.size, c.size + c.extraStride, c.pad));
        expect(relativeError(wasm, cpu), JSON.stringify(c)).toBe(0);
      }),
      { numRuns: GENERATED_CASES, seed: 20261201, endOnFailure: true },
    );
  });

  it('a dense layer (product, bias, activation) matches the cpu backend with every activation it takes over', async () => {
    for (const activation of ['linear', 'relu', 'relu6', 'leakyrelu', 'sigmoid'] as const) {
      for (const [m, k, n, transposeB] of [[32, 784, 128, false], [64, 100, 256, false], [5, 7, 3, true]] as const) {
        const { wasm, cpu } = await onBoth(() => tf.fused.matMul({ a: tensor([m, k], 5), b: tensor(transposeB ? [n, k] : [k, n], 6), transposeB, bias: tensor([n], 7), activation, leakyreluAlpha: 0.2 }));
        expect(relativeError(wasm, cpu), `${activation} ${m}x${k}x${n}`).toBeLessThanOrEqual(1e-5);
      }
    }
    const { wasm, cpu } = await onBoth(() => tf.fused.matMul({ a: tensor([8, 9], 5), b: tensor([9, 4], 6) }));
    expect(relativeError(wasm, cpu), 'no bias').toBeLessThanOrEqual(1e-5);
  });
});
