import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerWasmTrainingKernels } from '../wasmKernels';
import { FusedAdamOptimizer } from './fusedAdam';
import { appKernelTasksOf, appKernelTasksRun, kernelModules, setAppKernelsEnabled } from './runtime';
import { GENERATED_CASES, onBoth, RELATIVE_TOLERANCE, relativeError, seededValues, tensor } from './testing';

beforeAll(async () => {
  registerWasmTrainingKernels();
  expect(await tf.setBackend('cpu')).toBe(true);
  expect(await tf.setBackend('wasm')).toBe(true);
  expect(kernelModules(), 'the kernel binaries were built (npm run data) and compiled').not.toBeNull();
});

beforeEach(() => setAppKernelsEnabled(true));

interface ConvCase {
  batch: number;
  side: number;
  inChannels: number;
  outChannels: number;
  kernel: 1 | 2 | 3 | 5;
  stride: 1 | 2;
  pad: 'same' | 'valid';
  seed: number;
}

// Small enough for the plain-JS cpu reference (its filter gradient is the slow one), wide enough for every edge.
const convCase: fc.Arbitrary<ConvCase> = fc
  .record({
    batch: fc.integer({ min: 1, max: 4 }),
    extra: fc.integer({ min: 0, max: 8 }),
    inChannels: fc.integer({ min: 1, max: 24 }),
    outChannels: fc.integer({ min: 1, max: 40 }),
    kernel: fc.constantFrom(1 as const, 2 as const, 3 as const, 5 as const),
    stride: fc.constantFrom(1 as const, 2 as const),
    pad: fc.constantFrom('same' as const, 'valid' as const),
    seed: fc.nat(),
  })
  .map(({ extra, ...c }) => ({ ...c, side: c.kernel + extra }));

function convInfo(c: ConvCase): tf.backend_util.Conv2DInfo {
  return tf.backend_util.computeConv2DInfo([c.batch, c.side, c.side, c.inChannels], [c.kernel, c.kernel, c.inChannels, c.outChannels], c.stride, 1, c.pad);
}

function convShapes(c: ConvCase): { x: number[]; w: number[]; y: number[] } {
  const info = convInfo(c);
  return { x: info.inShape, w: info.filterShape, y: info.outShape };
}

// The classic and tiny CNNs' layers (stride 1, valid) and the DCGAN's (5 x 5, stride 2, same).
const MODEL_LAYERS: ConvCase[] = [
  { batch: 4, side: 28, inChannels: 1, outChannels: 32, kernel: 3, stride: 1, pad: 'valid', seed: 1 },
  { batch: 2, side: 13, inChannels: 32, outChannels: 64, kernel: 3, stride: 1, pad: 'valid', seed: 2 },
  { batch: 4, side: 5, inChannels: 64, outChannels: 64, kernel: 3, stride: 1, pad: 'valid', seed: 3 },
  { batch: 4, side: 28, inChannels: 1, outChannels: 8, kernel: 3, stride: 1, pad: 'valid', seed: 4 },
  { batch: 1, side: 14, inChannels: 32, outChannels: 64, kernel: 5, stride: 2, pad: 'same', seed: 5 },
];

const convOps = {
  forward: (c: ConvCase) => () => tf.conv2d(tensor(convShapes(c).x, c.seed) as tf.Tensor4D, tensor(convShapes(c).w, c.seed + 1) as tf.Tensor4D, c.stride, c.pad),
  filterGradient: (c: ConvCase) => () =>
    tf.engine().runKernel('Conv2DBackpropFilter', { x: tensor(convShapes(c).x, c.seed), dy: tensor(convShapes(c).y, c.seed + 2) }, { strides: c.stride, pad: c.pad, dataFormat: 'NHWC', filterShape: convShapes(c).w } as unknown as tf.NamedAttrMap) as tf.Tensor,
  inputGradient: (c: ConvCase) => () =>
    tf.engine().runKernel('Conv2DBackpropInput', { dy: tensor(convShapes(c).y, c.seed + 2), filter: tensor(convShapes(c).w, c.seed + 1) }, { strides: c.stride, pad: c.pad, dataFormat: 'NHWC', inputShape: convShapes(c).x } as unknown as tf.NamedAttrMap) as tf.Tensor,
};

describe("the app's convolution kernels on wasm", () => {
  for (const [name, op] of Object.entries(convOps)) {
    it.each(MODEL_LAYERS.map((c) => [JSON.stringify(c), c] as const))(`${name} matches the cpu backend on a model layer: %s`, async (_, c) => {
      const { wasm, cpu } = await onBoth(op(c));
      expect(relativeError(wasm, cpu)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
    });

    it(`${name} matches the cpu backend on ${GENERATED_CASES} generated shapes`, async () => {
      await fc.assert(
        fc.asyncProperty(convCase, async (c) => {
          const { wasm, cpu } = await onBoth(op(c));
          expect(relativeError(wasm, cpu), JSON.stringify(c)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
        }),
        { numRuns: GENERATED_CASES, seed: 20261125, endOnFailure: true },
      );
    });
  }
});

describe("the app's other training kernels on wasm", () => {
  it('MaxPoolGrad gives exactly the cpu gradient (first maximum of each window) on generated pools', async () => {
    const poolCase = fc.record({
      batch: fc.integer({ min: 1, max: 4 }),
      side: fc.integer({ min: 2, max: 15 }),
      channels: fc.integer({ min: 1, max: 13 }),
      size: fc.integer({ min: 1, max: 3 }),
      extraStride: fc.integer({ min: 0, max: 1 }),
      pad: fc.constantFrom('same' as const, 'valid' as const),
      // Few distinct values, so windows hold ties and the first maximum must win.
      levels: fc.integer({ min: 2, max: 50 }),
      seed: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(poolCase, async (c) => {
        const shape = [c.batch, Math.max(c.side, c.size), Math.max(c.side, c.size), c.channels];
        const values = seededValues(tf.util.sizeFromShape(shape), c.seed).map((v) => Math.round(v * c.levels));
        const { wasm, cpu } = await onBoth(() => tf.tidy(() => tf.grad((x: tf.Tensor) => tf.maxPool(x as tf.Tensor4D, c.size, c.size + c.extraStride, c.pad).square().sum())(tf.tensor4d(values, shape as [number, number, number, number]))));
        expect(relativeError(wasm, cpu), JSON.stringify(c)).toBe(0);
      }),
      { numRuns: GENERATED_CASES, seed: 20261126, endOnFailure: true },
    );
  });

  it('Sum over leading axes (bias gradients) matches the cpu backend on generated shapes', async () => {
    const sumCase = fc.record({ shape: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }), axes: fc.nat(4), keepDims: fc.boolean(), seed: fc.nat() });
    await fc.assert(
      fc.asyncProperty(sumCase, async (c) => {
        const axes = Array.from({ length: Math.max(1, Math.min(c.axes, c.shape.length)) }, (_, i) => i);
        const { wasm, cpu } = await onBoth(() => tf.tidy(() => tf.sum(tensor(c.shape, c.seed), axes, c.keepDims)));
        expect(relativeError(wasm, cpu), JSON.stringify(c)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
      }),
      { numRuns: GENERATED_CASES, seed: 20261127, endOnFailure: true },
    );
  });

  it('BatchMatMul matches the cpu backend with every transpose and batch broadcast', async () => {
    const matCase = fc.record({
      m: fc.integer({ min: 1, max: 40 }),
      k: fc.integer({ min: 1, max: 40 }),
      n: fc.integer({ min: 1, max: 40 }),
      batches: fc.constantFrom([1, 1], [3, 3], [3, 1], [1, 3]),
      transposeA: fc.boolean(),
      transposeB: fc.boolean(),
      seed: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(matCase, async (c) => {
        const a = [c.batches[0], ...(c.transposeA ? [c.k, c.m] : [c.m, c.k])];
        const b = [c.batches[1], ...(c.transposeB ? [c.n, c.k] : [c.k, c.n])];
        const { wasm, cpu } = await onBoth(() => tf.tidy(() => tf.matMul(tensor(a, c.seed), tensor(b, c.seed + 1), c.transposeA, c.transposeB)));
        expect(relativeError(wasm, cpu), JSON.stringify(c)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
      }),
      { numRuns: GENERATED_CASES, seed: 20261128, endOnFailure: true },
    );
  });

  it('Add of a bias (any leading shape) is exactly the cpu sum', async () => {
    for (const [big, bias] of [[[4, 6, 6, 20], [20]], [[3, 5, 7], [1, 5, 7]], [[9, 10], [10]], [[2, 3, 1, 5], [1, 1, 5]]]) {
      const { wasm, cpu } = await onBoth(() => tf.add(tensor(bias, 1), tensor(big, 2)));
      expect(relativeError(wasm, cpu), JSON.stringify([big, bias])).toBe(0);
    }
  });

  it('Identity shares the data instead of copying it, and the copy outlives the original', async () => {
    await tf.setBackend('wasm');
    const x = tensor([100, 33], 5);
    const values = x.dataSync().slice();
    const dataBefore = tf.engine().backend.numDataIds();
    const clone = tf.clone(x);
    expect(tf.engine().backend.numDataIds(), 'no new buffer').toBe(dataBefore);
    x.dispose();
    expect(Array.from(clone.dataSync())).toEqual(Array.from(values));
    clone.dispose();
  });

  it('GatherV2 picks whole rows (float32 images and int32 labels), and leaves out-of-range indices to the shipped kernel', async () => {
    for (const dtype of ['float32', 'int32'] as const) {
      const rows = tf.tidy(() => tensor([50, 4, 3], 6).mul(dtype === 'int32' ? 100 : 1).cast(dtype));
      const indices = [49, 0, 7, 7, 23];
      await tf.setBackend('wasm');
      const onWasm = tf.tidy(() => tf.gather(rows, tf.tensor1d(indices, 'int32')));
      expect(onWasm.shape).toEqual([5, 4, 3]);
      const all = rows.arraySync() as number[][][];
      expect(onWasm.arraySync()).toEqual(indices.map((i) => all[i]));
      tf.dispose([rows, onWasm]);
    }
    const small = tensor([3, 2], 7);
    expect(() => tf.tidy(() => tf.gather(small, tf.tensor1d([3], 'int32')))).toThrow('GatherV2: the index value 3 is not in [0, 2]');
    small.dispose();
  });

  it('the ReLU gradient is exactly the cpu one', async () => {
    const { wasm, cpu } = await onBoth(() => tf.tidy(() => tf.grad((x: tf.Tensor) => tf.relu(x).mul(tensor([7, 33], 3)).sum())(tensor([7, 33], 4))));
    expect(relativeError(wasm, cpu)).toBe(0);
  });
});

/** A dense model's variables and a fixed list of gradients for them. */
function adamRun(optimizer: tf.Optimizer, steps: number): Float32Array[] {
  const variables = [tf.variable(tensor([37, 19], 1), true, 'adam-test-w'), tf.variable(tensor([19], 2), true, 'adam-test-b')];
  for (let step = 0; step < steps; step++) {
    const grads = Object.fromEntries(variables.map((v, i) => [v.name, tensor(v.shape, 100 * step + i)]));
    optimizer.applyGradients(grads);
    tf.dispose(Object.values(grads));
  }
  const moments = (optimizer as unknown as { accumulatedFirstMoment: { variable: tf.Variable }[]; accumulatedSecondMoment: { variable: tf.Variable }[] });
  const values = [...variables, ...moments.accumulatedFirstMoment.map((m) => m.variable), ...moments.accumulatedSecondMoment.map((m) => m.variable)].map((t) => t.dataSync() as Float32Array);
  tf.dispose(variables);
  optimizer.dispose();
  return values;
}

describe('FusedAdamOptimizer', () => {
  it("gives tf.AdamOptimizer's weights and moments bit for bit on wasm, in one kernel per variable", async () => {
    await tf.setBackend('wasm');
    const tasksBefore = appKernelTasksOf('adam');
    const fused = adamRun(new FusedAdamOptimizer(0.01, 0.9, 0.999), 5);
    expect(appKernelTasksOf('adam') - tasksBefore, 'one Adam task per variable per step').toBe(2 * 5);
    const reference = adamRun(tf.train.adam(0.01, 0.9, 0.999), 5);
    fused.forEach((values, i) => expect(Buffer.from(values.buffer).equals(Buffer.from(reference[i].buffer)), `tensor ${i}`).toBe(true));
  });

  it('is tf.AdamOptimizer itself on other backends', async () => {
    await tf.setBackend('cpu');
    const tasksBefore = appKernelTasksRun();
    const fused = adamRun(new FusedAdamOptimizer(0.01, 0.5, 0.99), 3);
    const reference = adamRun(tf.train.adam(0.01, 0.5, 0.99), 3);
    expect(appKernelTasksRun()).toBe(tasksBefore);
    fused.forEach((values, i) => expect(Array.from(values)).toEqual(Array.from(reference[i])));
    await tf.setBackend('wasm');
  });
});

describe('switching the app kernels off', () => {
  it("runs TensorFlow.js's own kernels, to the same results", async () => {
    await tf.setBackend('wasm');
    const c = MODEL_LAYERS[1];
    const op = convOps.filterGradient(c);
    const withApp = op();
    const appValues = await withApp.data();
    withApp.dispose();
    setAppKernelsEnabled(false);
    const tasksBefore = appKernelTasksRun();
    const without = op();
    const shippedValues = await without.data();
    without.dispose();
    expect(appKernelTasksRun()).toBe(tasksBefore);
    expect(relativeError(appValues, shippedValues)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
  });
});
