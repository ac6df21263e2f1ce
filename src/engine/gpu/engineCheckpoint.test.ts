import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { isOutOfMemoryError } from '../bench/sweepScheduler';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { createBuffersChecked } from './outOfMemory';
import { dawnDevice } from './testing/dawn';
import { FORMS, type Form } from './testing/forms';

let mnist: ImageDataset;
let device: GPUDevice;

const RUN: Partial<CnnRunConfig> = { model: 'mlp', batchSize: 8, trainExamples: 400, testExamples: 100, learningRate: 0.01, seed: 11 };
const config = (overrides: Partial<CnnRunConfig> = {}): CnnRunConfig => ({ ...defaultCnnConfig(), backend: 'cpu', ...RUN, ...overrides });
let form: Form = 'direct';
const engine = () => ({ engine: { device, gemm: FORMS[form] } });

async function engineLosses(workload: CnnWorkload, steps: number): Promise<number[]> {
  const losses: number[] = [];
  for (let i = 0; i < steps; i++) losses.push((await workload.runSteps?.(1))?.loss ?? NaN);
  return losses;
}

function cpuLosses(workload: CnnWorkload, steps: number): number[] {
  return Array.from({ length: steps }, () => {
    const scalars = workload.step();
    const loss = scalars.loss.dataSync()[0];
    tf.dispose(Object.values(scalars));
    return loss;
  });
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 400, test: 100 });
});

describe("checkpoints of the app's WebGPU engine", () => {
  it.each(Object.keys(FORMS) as Form[])('continue on the engine bit for bit, and on the cpu backend within rounding, from the same file format (%s products)', async (inForm) => {
    form = inForm;
    const unbroken = CnnWorkload.create(config(), mnist, 'cpu', {}, engine());
    const whole = await engineLosses(unbroken, 8);
    unbroken.dispose();

    const first = CnnWorkload.create(config(), mnist, 'cpu', {}, engine());
    await engineLosses(first, 5);
    const state = await first.captureState();
    first.dispose();
    expect(state.streamPosition).toBe(5);
    expect(state.adam.iterations).toBe(5);
    expect(state.adam.moments).toHaveLength(4);

    const again = CnnWorkload.create(config(), mnist, 'cpu', {}, engine());
    again.restoreState(state);
    expect(await engineLosses(again, 3)).toEqual(whole.slice(5));
    again.dispose();

    const onCpu = CnnWorkload.create(config(), mnist, 'cpu', {});
    onCpu.restoreState(state);
    const continued = cpuLosses(onCpu, 3);
    onCpu.dispose();
    continued.forEach((loss, i) => expect(Math.abs(loss - whole[5 + i])).toBeLessThan(1e-4));
  });

  it('settles the model before anything reads it: its weights are the plan\'s', async () => {
    const workload = CnnWorkload.create(config(), mnist, 'cpu', {}, engine());
    await engineLosses(workload, 3);
    const { weights } = await workload.captureState();
    await workload.settle();
    workload.model.weights.forEach((w, i) => expect(Array.from(w.read().dataSync())).toEqual(Array.from(weights[i].values)));
    workload.dispose();
  });
});

describe("the engine's buffers on a device that cannot hold them", () => {
  it('fail as an out-of-memory the run says as such, not an opaque later error', async () => {
    const full = {
      pushErrorScope: () => undefined,
      popErrorScope: async () => ({ message: 'Allocation of 8 GB failed' }) as GPUError,
    } as unknown as GPUDevice;
    const err = await createBuffersChecked(full, () => 'made').catch((e: unknown) => e);
    expect(String(err)).toContain('GPUOutOfMemoryError: Allocation of 8 GB failed');
    expect(isOutOfMemoryError(err)).toBe(true);
  });
});
