import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertCanTrain } from './kernels';
import { setAppKernelsEnabled } from './simd/runtime';
import { conv2DBackpropInputViaConv, registerWasmTrainingKernels, usesSubPixelConv } from './wasmKernels';
import { englishError } from '../../i18n/testing/english';

/** Largest filter gradient (multiply-adds) a generated case may ask of the plain-JS cpu reference, ~1 s. */
const CPU_MAC_BUDGET = 3_000_000;
const RELATIVE_TOLERANCE = 1e-4;
const GENERATED_CASES = 24;
const INPUT_GRADIENT_CASES = 32;

type Pad = 'same' | 'valid' | number | [[number, number], [number, number], [number, number], [number, number]];

interface GradCase {
  batch: number;
  inChannels: number;
  outChannels: number;
  kernel: 1 | 3 | 5;
  stride: 1 | 2;
  height: number;
  width: number;
  pad: 'same' | 'valid' | { top: number; bottom: number; left: number; right: number } | { all: number; rounding: 'floor' | 'round' | 'ceil' };
  dataFormat: 'NHWC' | 'NCHW';
  seed: number;
}

/** Mulberry32: a tiny seeded generator, so each case's data is fixed by its seed. */
function seededValues(count: number, seed: number): Float32Array {
  let state = seed >>> 0;
  return Float32Array.from({ length: count }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  });
}

function padAttr(c: GradCase): Pad {
  if (typeof c.pad === 'string') return c.pad;
  if ('all' in c.pad) return c.pad.all;
  const spatial: [[number, number], [number, number]] = [
    [c.pad.top, c.pad.bottom],
    [c.pad.left, c.pad.right],
  ];
  return c.dataFormat === 'NHWC' ? [[0, 0], ...spatial, [0, 0]] : [[0, 0], [0, 0], ...spatial];
}

function convInfo(c: GradCase): tf.backend_util.Conv2DInfo {
  const xShape: [number, number, number, number] =
    c.dataFormat === 'NHWC' ? [c.batch, c.height, c.width, c.inChannels] : [c.batch, c.inChannels, c.height, c.width];
  const rounding = typeof c.pad === 'object' && 'rounding' in c.pad ? c.pad.rounding : undefined;
  const format = tf.backend_util.convertConv2DDataFormat(c.dataFormat);
  return tf.backend_util.computeConv2DInfo(xShape, [c.kernel, c.kernel, c.inChannels, c.outChannels], c.stride, 1, padAttr(c), rounding, false, format);
}

function macs(c: GradCase): number {
  const info = convInfo(c);
  return info.batchSize * info.outHeight * info.outWidth * c.kernel * c.kernel * c.inChannels * c.outChannels;
}

/** Shrinks batch, then the image, until the cpu reference can compute the case quickly. */
function fitBudget(c: GradCase): GradCase {
  let fitted = { ...c };
  while (macs(fitted) > CPU_MAC_BUDGET && fitted.batch > 1) fitted = { ...fitted, batch: Math.max(1, Math.floor(fitted.batch / 2)) };
  while (macs(fitted) > CPU_MAC_BUDGET && Math.max(fitted.height, fitted.width) > c.kernel) {
    fitted = { ...fitted, height: Math.max(c.kernel, fitted.height - 2), width: Math.max(c.kernel, fitted.width - 2) };
  }
  return fitted;
}

const caseArbitrary: fc.Arbitrary<GradCase> = fc
  .record({
    batch: fc.integer({ min: 1, max: 64 }),
    inChannels: fc.integer({ min: 1, max: 64 }),
    outChannels: fc.integer({ min: 1, max: 64 }),
    kernel: fc.constantFrom(1 as const, 3 as const, 5 as const),
    stride: fc.constantFrom(1 as const, 2 as const),
    extraHeight: fc.integer({ min: 0, max: 12 }),
    extraWidth: fc.integer({ min: 0, max: 12 }),
    pad: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('same' as const, 'valid' as const) },
      fc.record({ top: fc.nat(2), bottom: fc.nat(2), left: fc.nat(2), right: fc.nat(2) }),
      fc.record({ all: fc.nat(2), rounding: fc.constantFrom('floor' as const, 'round' as const, 'ceil' as const) }),
    ),
    dataFormat: fc.constantFrom('NHWC' as const, 'NHWC' as const, 'NCHW' as const),
    seed: fc.nat(),
  })
  // At least the kernel's size, so 'valid' has an output.
  .map(({ extraHeight, extraWidth, ...rest }) => fitBudget({ ...rest, height: rest.kernel + extraHeight, width: rest.kernel + extraWidth }));

/** The layers the models train, at batches the cpu reference can afford. */
function modelLayer(batch: number, side: number, inChannels: number, outChannels: number, kernel: 3 | 5, stride: 1 | 2, pad: 'same' | 'valid'): GradCase {
  return { batch, inChannels, outChannels, kernel, stride, height: side, width: side, pad, dataFormat: 'NHWC', seed: batch + side + inChannels };
}

const MODEL_LAYERS: GradCase[] = [
  modelLayer(16, 28, 1, 32, 3, 1, 'valid'), // classic conv1
  modelLayer(1, 13, 32, 64, 3, 1, 'valid'), // classic conv2
  modelLayer(8, 5, 64, 64, 3, 1, 'valid'), // classic conv3
  modelLayer(16, 28, 1, 32, 5, 2, 'same'), // DCGAN d_conv1, and g_image's gradient
  modelLayer(1, 14, 32, 64, 5, 2, 'same'), // DCGAN d_conv2, and g_deconv1's gradient
];

async function filterGrad(backend: 'cpu' | 'wasm', c: GradCase, x: Float32Array, dy: Float32Array): Promise<Float32Array> {
  await tf.setBackend(backend);
  const info = convInfo(c);
  const attrs = { strides: c.stride, pad: padAttr(c), dataFormat: c.dataFormat, dimRoundingMode: convRounding(c), filterShape: info.filterShape };
  const xt = tf.tensor4d(x, info.inShape);
  const dyt = tf.tensor4d(dy, info.outShape);
  // runKernel's attr type is a loose map; these are exactly Conv2DBackpropFilterAttrs.
  const dw = tf.engine().runKernel('Conv2DBackpropFilter', { x: xt, dy: dyt }, attrs as unknown as tf.NamedAttrMap) as tf.Tensor;
  const values = (await dw.data()) as Float32Array;
  tf.dispose([xt, dyt, dw]);
  return values;
}

function convRounding(c: GradCase): 'floor' | 'round' | 'ceil' | undefined {
  return typeof c.pad === 'object' && 'rounding' in c.pad ? c.pad.rounding : undefined;
}

/** max|a−b| / max|b|: the error relative to the reference's largest entry. */
function relativeError(actual: Float32Array, expected: Float32Array): number {
  let maxDiff = 0;
  let maxRef = 1e-12;
  expected.forEach((value, i) => {
    maxDiff = Math.max(maxDiff, Math.abs(actual[i] - value));
    maxRef = Math.max(maxRef, Math.abs(value));
  });
  return maxDiff / maxRef;
}

function describeCase(c: GradCase): string {
  return JSON.stringify(c);
}

beforeAll(async () => {
  // These are the kernels built from XNNPACK's (the fallbacks where the app's own do not run, e.g. without
  // SIMD); simd/simdKernels.test.ts tests the app's own.
  setAppKernelsEnabled(false);
  // Make sure both backends are initialised before the first case switches between them.
  expect(await tf.setBackend('cpu')).toBe(true);
  expect(await tf.setBackend('wasm')).toBe(true);
});

afterEach(async () => {
  await tf.setBackend('wasm');
});

function convModel(): tf.Sequential {
  return tf.sequential({ layers: [tf.layers.conv2d({ inputShape: [8, 8, 1], filters: 2, kernelSize: 3 }), tf.layers.flatten(), tf.layers.dense({ units: 2 })] });
}

/** The wasm backend's own Conv2DBackpropInput, as registered before registerWasmTrainingKernels. */
let shippedInputGradient: tf.KernelConfig | undefined;

// Runs before registration (tests in a file run in order, and each file has its own process).
describe('the wasm backend as tfjs 4.22 ships it', () => {
  it('has a Conv2DBackpropInput of its own', () => {
    shippedInputGradient = tf.getKernel('Conv2DBackpropInput', 'wasm');
    expect(shippedInputGradient?.kernelFunc).toBeTypeOf('function');
  });

  it('has no Conv2DBackpropFilter, and assertCanTrain refuses a conv model there', () => {
    expect(tf.getKernel('Conv2DBackpropFilter', 'wasm')).toBeUndefined();
    const model = convModel();
    let refused: unknown = null;
    try {
      assertCanTrain([model], 'wasm');
    } catch (err) {
      refused = err;
    }
    expect(englishError(refused)).toBe(
      'The WebAssembly SIMD backend cannot train this model: it has no Conv2DBackpropFilter (Conv2D) kernel. Pick a model without those layers (the MLP) or another backend.',
    );
    model.dispose();
  });
});

describe('registerWasmTrainingKernels', () => {
  it('registers Conv2DBackpropFilter and replaces Conv2DBackpropInput for wasm once, silently, however often it is called', () => {
    const warn = vi.spyOn(console, 'warn');
    registerWasmTrainingKernels();
    const filterKernel = tf.getKernel('Conv2DBackpropFilter', 'wasm');
    const inputKernel = tf.getKernel('Conv2DBackpropInput', 'wasm');
    registerWasmTrainingKernels();
    expect(filterKernel).toBeDefined();
    expect(tf.getKernel('Conv2DBackpropFilter', 'wasm')).toBe(filterKernel);
    expect(inputKernel.kernelFunc).not.toBe(shippedInputGradient?.kernelFunc);
    expect(tf.getKernel('Conv2DBackpropInput', 'wasm')).toBe(inputKernel);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("keeps the shipped Conv2DBackpropInput's setup and dispose, so registering before the backend starts still works", () => {
    const inputKernel = tf.getKernel('Conv2DBackpropInput', 'wasm');
    expect(inputKernel.setupFunc).toBeTypeOf('function');
    expect(inputKernel.setupFunc).toBe(shippedInputGradient?.setupFunc);
    expect(inputKernel.disposeFunc).toBe(shippedInputGradient?.disposeFunc);
  });

  it('lets assertCanTrain pass a conv model on wasm', () => {
    const model = convModel();
    expect(() => assertCanTrain([model], 'wasm')).not.toThrow();
    model.dispose();
  });
});

describe('Conv2DBackpropFilter on wasm', () => {
  beforeAll(() => registerWasmTrainingKernels());

  it.each(MODEL_LAYERS.map((c) => [describeCase(c), c] as const))('matches the cpu backend on a model layer: %s', async (_, c) => {
    const x = seededValues(tf.util.sizeFromShape(convInfo(c).inShape), c.seed);
    const dy = seededValues(tf.util.sizeFromShape(convInfo(c).outShape), c.seed + 1);
    expect(relativeError(await filterGrad('wasm', c, x, dy), await filterGrad('cpu', c, x, dy))).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
  });

  it(`matches the cpu backend within ${RELATIVE_TOLERANCE} relative on ${GENERATED_CASES} generated cases, freeing every intermediate`, async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const info = convInfo(c);
        const x = seededValues(tf.util.sizeFromShape(info.inShape), c.seed);
        const dy = seededValues(tf.util.sizeFromShape(info.outShape), c.seed + 1);
        const expected = await filterGrad('cpu', c, x, dy);
        await tf.setBackend('wasm');
        // Backend-level count: intermediates made inside the kernel never show in tf.memory().
        const dataBefore = tf.engine().backend.numDataIds();
        const actual = await filterGrad('wasm', c, x, dy);
        expect(tf.engine().backend.numDataIds(), describeCase(c)).toBe(dataBefore);
        expect(relativeError(actual, expected), describeCase(c)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
      }),
      { numRuns: GENERATED_CASES, seed: 20240611, endOnFailure: true },
    );
  });
});

/** The input gradient on a backend: the registered kernel, or on wasm the sub-pixel path forced. */
async function inputGrad(backend: 'cpu' | 'wasm' | 'wasm-subpixel', c: GradCase, dy: Float32Array, filter: Float32Array): Promise<Float32Array> {
  await tf.setBackend(backend === 'cpu' ? 'cpu' : 'wasm');
  const info = convInfo(c);
  const dyt = tf.tensor4d(dy, info.outShape);
  const ft = tf.tensor4d(filter, info.filterShape);
  const attrs = { strides: c.stride, pad: padAttr(c), dataFormat: c.dataFormat, dimRoundingMode: convRounding(c), inputShape: info.inShape };
  // runKernel's and KernelFunc's attr type is a loose map; these are exactly Conv2DBackpropInputAttrs.
  const namedAttrs = attrs as unknown as tf.NamedAttrMap;
  const dx =
    backend === 'wasm-subpixel'
      ? tf.engine().makeTensorFromTensorInfo(conv2DBackpropInputViaConv({ inputs: { dy: dyt, filter: ft }, attrs: namedAttrs, backend: tf.engine().backend }) as tf.TensorInfo)
      : (tf.engine().runKernel('Conv2DBackpropInput', { dy: dyt, filter: ft }, namedAttrs) as tf.Tensor);
  expect(dx.shape).toEqual(info.inShape);
  const values = (await dx.data()) as Float32Array;
  tf.dispose([dyt, ft, dx]);
  return values;
}

/** dy and filter values for a case, fixed by its seed. */
function inputGradData(c: GradCase): [Float32Array, Float32Array] {
  const info = convInfo(c);
  return [seededValues(tf.util.sizeFromShape(info.outShape), c.seed), seededValues(tf.util.sizeFromShape(info.filterShape), c.seed + 1)];
}

/** Runs a wasm variant and checks it left the backend's data count where it found it. */
async function inputGradNoLeak(backend: 'wasm' | 'wasm-subpixel', c: GradCase, dy: Float32Array, filter: Float32Array): Promise<Float32Array> {
  await tf.setBackend('wasm');
  // Backend-level count: intermediates made inside the kernel never show in tf.memory().
  const dataBefore = tf.engine().backend.numDataIds();
  const values = await inputGrad(backend, c, dy, filter);
  expect(tf.engine().backend.numDataIds(), `${backend} ${describeCase(c)}`).toBe(dataBefore);
  return values;
}

/** Input gradients of the models' layers at batch 64, as training computes them (DCGAN: also G's forward pass). */
const MODEL_INPUT_GRADIENTS: GradCase[] = [
  modelLayer(64, 13, 32, 64, 3, 1, 'valid'), // classic conv2
  modelLayer(64, 5, 64, 64, 3, 1, 'valid'), // classic conv3
  modelLayer(64, 14, 32, 64, 5, 2, 'same'), // DCGAN g_deconv1 forward (7x7x64 -> 14x14x32), d_conv2's input gradient
  modelLayer(64, 28, 1, 32, 5, 2, 'same'), // DCGAN g_image forward (14x14x32 -> 28x28x1), d_conv1's input gradient
];

/** Shapes either side of usesSubPixelConv's thresholds (48 dy positions, 4,096 multiply-adds). */
const DISPATCH_EDGES: { c: GradCase; subPixel: boolean }[] = [
  // dy 8x6 = 48 positions; 48·9·1·10 = 4,320 multiply-adds.
  { c: { ...modelLayer(1, 8, 1, 10, 3, 1, 'same'), width: 6 }, subPixel: true },
  // The same with 9 output channels: 3,888 multiply-adds.
  { c: { ...modelLayer(1, 8, 1, 9, 3, 1, 'same'), width: 6 }, subPixel: false },
  // dy 7x6 = 42 positions, however many channels.
  { c: { ...modelLayer(1, 7, 64, 64, 3, 1, 'same'), width: 6 }, subPixel: false },
  // dy 4x4 = 16 positions at stride 2, 7x7 input: the case the sub-pixel path loses by 2x.
  { c: modelLayer(1, 7, 64, 64, 5, 2, 'same'), subPixel: false },
  // NCHW goes to the shipped kernel: XNNPACK convolutions are NHWC.
  { c: { ...modelLayer(4, 9, 8, 8, 3, 1, 'same'), dataFormat: 'NCHW' }, subPixel: false },
];

describe('Conv2DBackpropInput on wasm', () => {
  beforeAll(() => registerWasmTrainingKernels());

  it.each(MODEL_INPUT_GRADIENTS.map((c) => [describeCase(c), c] as const))('takes the sub-pixel path and matches the cpu backend on a model layer: %s', async (_, c) => {
    expect(usesSubPixelConv(convInfo(c))).toBe(true);
    const [dy, filter] = inputGradData(c);
    const expected = await inputGrad('cpu', c, dy, filter);
    expect(relativeError(await inputGradNoLeak('wasm', c, dy, filter), expected)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
  });

  it.each(DISPATCH_EDGES.map(({ c, subPixel }) => [subPixel ? 'sub-pixel' : 'shipped', describeCase(c), c] as const))(
    'dispatches to the %s kernel, and both paths match the cpu backend: %s',
    async (path, _, c) => {
      expect(usesSubPixelConv(convInfo(c))).toBe(path === 'sub-pixel');
      const [dy, filter] = inputGradData(c);
      const expected = await inputGrad('cpu', c, dy, filter);
      expect(relativeError(await inputGradNoLeak('wasm', c, dy, filter), expected)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
      if (c.dataFormat === 'NHWC') expect(relativeError(await inputGradNoLeak('wasm-subpixel', c, dy, filter), expected)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
    },
  );

  it(`matches the cpu backend within ${RELATIVE_TOLERANCE} relative on ${INPUT_GRADIENT_CASES} generated cases, on both paths, freeing every intermediate`, async () => {
    const paths = { subPixel: 0, shipped: 0 };
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (c) => {
        const [dy, filter] = inputGradData(c);
        const expected = await inputGrad('cpu', c, dy, filter);
        paths[usesSubPixelConv(convInfo(c)) ? 'subPixel' : 'shipped']++;
        expect(relativeError(await inputGradNoLeak('wasm', c, dy, filter), expected), describeCase(c)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
        if (c.dataFormat === 'NCHW') return;
        // The sub-pixel path on every NHWC case, whichever way the dispatch went.
        expect(relativeError(await inputGradNoLeak('wasm-subpixel', c, dy, filter), expected), describeCase(c)).toBeLessThanOrEqual(RELATIVE_TOLERANCE);
      }),
      { numRuns: INPUT_GRADIENT_CASES, seed: 20240612, endOnFailure: true },
    );
    // The generated shapes fall on both sides of the dispatch rule.
    expect(paths.subPixel).toBeGreaterThan(0);
    expect(paths.shipped).toBeGreaterThan(0);
  });
});
