import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { msg } from '../../i18n/message';
import { englishError } from '../../i18n/testing/english';
import { DeviceLostError } from '../deviceWatch';
import { TrainingLoop } from '../trainingLoop';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { ClassifierPlan, type ClassifierPlanOptions } from './classifierPlan';
import { armWindowFault } from './debugFault';
import { EngineGpuError, kernelNamed } from './gpuErrors';
import type { GemmChoice } from './parts';
import type { KernelSource } from './program';
import { freshDawnDevice, dawnDevice } from './testing/dawn';
import { forcedKernels } from './tuning/forced';
import { SLOW_ADAPTER_CANDIDATE, type ProductChooser } from './tuning/tuner';

/**
 * Faults injected into the app's engine on a real WebGPU implementation (Dawn on SwiftShader): each must
 * stop the work with the sentence that names the kernel (or a step's work) and the GPU's own words, or
 * as the device's loss where the device went. The dense MLP at batch 8: the engine's paths are the point.
 */
let mnist: ImageDataset;
let device: GPUDevice;

const RUN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 8, trainExamples: 400, testExamples: 100, learningRate: 0.01, seed: 11 };

function planOptions(kernels: ProductChooser): ClassifierPlanOptions {
  return { batchSize: 8, accumulation: 1, microBatchesPerEpoch: 50, seed: 11, learningRate: 0.01, beta1: 0.9, beta2: 0.999, epsilon: 1e-7, classes: 10, shape: mnist.shape, placement: 'device', prefetch: false, kernels };
}

/** Every product in the slow-adapter form, but the first product's first kernel changed by `spoil`; `label()` is the label the plan gave it. */
function spoiling(spoil: (kernel: KernelSource) => KernelSource): { kernels: ProductChooser; label: () => string } {
  let label = '';
  const kernels: ProductChooser = {
    async choose(products) {
      const made = await forcedKernels(device, SLOW_ADAPTER_CANDIDATE).choose(products);
      const choice: GemmChoice = (spec) => {
        const real = made.choice(spec);
        if (spec.label !== products[0].label) return real;
        return {
          ...real,
          build: (s) => {
            const build = real.build(s);
            return { ...build, kernels: (scratch) => build.kernels(scratch).map((k, i) => (i === 0 ? ((label = k.label), spoil(k)) : k)) };
          },
        };
      };
      return { choice, report: made.report };
    },
  };
  return { kernels, label: () => label };
}

async function planRefused(kernels: ProductChooser): Promise<unknown> {
  const model = CnnWorkload.create(RUN, mnist, 'cpu', {});
  try {
    const plan = await ClassifierPlan.create(device, model.model, mnist.train, planOptions(kernels));
    plan.destroy();
    return null;
  } catch (err) {
    return err;
  } finally {
    model.dispose();
  }
}

/** Counts the errors no scope caught while `work` runs: the engine's own scopes must have caught them. */
async function uncapturedDuring<T>(work: () => Promise<T>): Promise<{ result: T; uncaptured: number }> {
  let uncaptured = 0;
  const heard = () => void (uncaptured += 1);
  device.addEventListener('uncapturederror', heard);
  try {
    const result = await work();
    await device.queue.onSubmittedWorkDone();
    return { result, uncaptured };
  } finally {
    device.removeEventListener('uncapturederror', heard);
  }
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 400, test: 100 });
});

afterEach(() => vi.restoreAllMocks());

describe("a GPU error in the app's engine, injected on Dawn", () => {
  it('a shader the device does not compile fails the plan with the sentence naming that kernel and the compiler’s words', async () => {
    const spoilt = spoiling((k) => ({ ...k, body: `${k.body}\nfn broken( {` }));
    const { result: err, uncaptured } = await uncapturedDuring(() => planRefused(spoilt.kernels));
    expect(uncaptured, 'caught by the kernel’s own scopes').toBe(0);
    expect(err).toBeInstanceOf(EngineGpuError);
    // The first dense layer's forward product (its name counts the layers this process made: dense1, dense4…).
    expect(spoilt.label()).toMatch(/^dense\w* forward$/);
    expect((err as EngineGpuError).kernel).toBe(spoilt.label());
    expect(englishError(err)).toMatch(new RegExp(`^A GPU error in the kernel “${spoilt.label()}”: Error while parsing WGSL: .*error`));
  });

  it('a binding over the device’s limit (more storage buffers than a stage may have) fails the plan naming that kernel', async () => {
    const spare = device.createBuffer({ label: 'spare', size: 16, usage: GPUBufferUsage.STORAGE });
    const extra = Array.from({ length: device.limits.maxStorageBuffersPerShaderStage }, (_, i) => ({ name: `spare${i}`, buffer: spare }));
    const spoilt = spoiling((k) => ({ ...k, bound: [...k.bound, ...extra] }));
    const { result: err, uncaptured } = await uncapturedDuring(() => planRefused(spoilt.kernels));
    spare.destroy();
    expect(uncaptured, 'caught by the kernel’s own scopes').toBe(0);
    expect(spoilt.label()).toMatch(/^dense\w* forward$/);
    expect((err as EngineGpuError).kernel).toBe(spoilt.label());
    expect(englishError(err)).toMatch(new RegExp(`^A GPU error in the kernel “${spoilt.label()}”: The number of storage buffers \\(\\d+\\) .* exceeds the maximum`));
  });

  it('an error in a window’s work (a buffer a step uses, destroyed) ends that window’s read with the sentence: a step’s work', async () => {
    const made: GPUBuffer[] = [];
    const createBuffer = device.createBuffer.bind(device);
    vi.spyOn(device, 'createBuffer').mockImplementation((descriptor) => {
      const buffer = createBuffer(descriptor);
      made.push(buffer);
      return buffer;
    });
    const workload = CnnWorkload.create(RUN, mnist, 'cpu', {}, { engine: { device } });
    try {
      const first = await workload.runSteps?.(2);
      expect(first?.loss).toBeGreaterThan(0);
      const weights = made.find((b) => b.label === 'weights');
      weights?.destroy();
      const { result: err, uncaptured } = await uncapturedDuring(async () => workload.runSteps?.(2).catch((e: unknown) => e));
      expect(uncaptured, 'caught by the window’s scopes').toBe(0);
      expect(err).toBeInstanceOf(EngineGpuError);
      expect((err as EngineGpuError).kernel).toBeNull();
      expect(englishError(err)).toBe('A GPU error in a step\'s work: [Buffer "weights"] used in submit while destroyed.');
    } finally {
      workload.dispose();
    }
  });

  it('the debug hook’s fault (a destroyed buffer in the next window’s work) is caught by that window, once', async () => {
    const workload = CnnWorkload.create(RUN, mnist, 'cpu', {}, { engine: { device } });
    try {
      await workload.runSteps?.(1);
      armWindowFault();
      const err = await workload.runSteps?.(2).catch((e: unknown) => e);
      expect(englishError(err)).toBe('A GPU error in a step\'s work: [Buffer "fault injected by a test"] used in submit while destroyed.');
    } finally {
      workload.dispose();
    }
    const next = CnnWorkload.create(RUN, mnist, 'cpu', {}, { engine: { device } });
    expect((await next.runSteps?.(1))?.loss).toBeGreaterThan(0);
    next.dispose();
  });

  it('an error outside every scope is heard by the listener and stops the next window, named by the plan’s kernel its text quotes', async () => {
    const workload = CnnWorkload.create(RUN, mnist, 'cpu', {}, { engine: { device } });
    try {
      await workload.runSteps?.(1);
      // A buffer labelled like one of the plan's kernels ("Adam"), written after it was destroyed: a validation error no scope holds.
      const stray = device.createBuffer({ label: 'Adam', size: 16, usage: GPUBufferUsage.COPY_DST });
      stray.destroy();
      device.queue.writeBuffer(stray, 0, new Float32Array(4));
      const err = await workload.runSteps?.(1).catch((e: unknown) => e);
      expect(englishError(err)).toBe('A GPU error in the kernel “Adam”: [Buffer "Adam"] used in submit while destroyed.');
    } finally {
      workload.dispose();
    }
    // The listener went with the plan: the same error now reaches no run (Dawn would log it unhandled, so it is caught here).
    const after = vi.fn((event: Event) => event.preventDefault());
    device.addEventListener('uncapturederror', after);
    const stray = device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_DST });
    stray.destroy();
    device.queue.writeBuffer(stray, 0, new Float32Array(4));
    await device.queue.onSubmittedWorkDone();
    await new Promise((resolve) => setTimeout(resolve, 10));
    device.removeEventListener('uncapturederror', after);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('a device lost between a window’s submits ends the run as the device’s loss, not as a GPU error', async () => {
    const own = await freshDawnDevice();
    let lost = false;
    void own.lost.then(() => (lost = true));
    const submit = own.queue.submit.bind(own.queue);
    let submits = 0;
    vi.spyOn(own.queue, 'submit').mockImplementation((buffers) => {
      submit(buffers);
      // The third step: the middle of the second window (windows of 1, then 3 steps).
      if (++submits === 3) own.destroy();
    });
    const workload = CnnWorkload.create(RUN, mnist, 'cpu', {}, { engine: { device: own } });
    const loop = new TrainingLoop(
      workload,
      { onState: () => undefined, onFirstStep: () => undefined, onMetrics: () => undefined, onEpochEnd: async () => undefined, deviceLost: () => (lost ? msg('engine.lost.webgpuDestroyed', { detail: msg('engine.lost.destroyCalled') }) : null) },
      { syncIntervalMs: 1e9, maxStepsPerSync: 3 },
    );
    const err = await loop.run(10).catch((e: unknown) => e);
    workload.dispose();
    expect(err).toBeInstanceOf(DeviceLostError);
    expect(englishError(err)).toMatch(/^The WebGPU device was lost \(destroyed: /);
    expect(loop.steps).toBe(1);
  });
});

describe('which kernel a GPU error names', () => {
  it('is the longest plan label the text quotes, never a label inside another name', () => {
    const labels = ['Adam', 'conv2 forward', 'conv2 forward partial sums'];
    expect(kernelNamed(' - While validating [ComputePipeline ""conv2 forward""]', labels)).toBe('conv2 forward');
    expect(kernelNamed('[BindGroup "conv2 forward partial sums"] is invalid', labels)).toBe('conv2 forward partial sums');
    expect(kernelNamed('[Buffer "Adam first moments"] used in submit while destroyed.', labels)).toBeNull();
    expect(kernelNamed('[Buffer "weights"] used in submit while destroyed.', labels)).toBeNull();
  });
});
