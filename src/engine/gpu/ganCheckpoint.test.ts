import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultGanConfig, type GanRunConfig } from '../../config/ganConfig';
import type { GanModelId } from '../../config/models';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { GanWorkload } from '../workloads/ganWorkload';
import { dawnDevice } from './testing/dawn';

let mnist: ImageDataset;
let device: GPUDevice;

const config = (model: GanModelId): GanRunConfig => ({ ...defaultGanConfig(), backend: 'cpu', model, batchSize: 8, latentSize: 16, seed: 9, steps: 10 });

async function losses(workload: GanWorkload, steps: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < steps; i++) out.push(((await workload.runSteps?.(1)) ?? {}).gLoss ?? NaN);
  return out;
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 600, test: 100 });
});

describe("both GANs' checkpoints and samples on the app's WebGPU engine", () => {
  it.each<GanModelId>(['mlp', 'dcgan'])('the %s GAN continues from its checkpoint bit for bit on the engine, and its samples are its generator\'s', async (model) => {
    const unbroken = GanWorkload.create(config(model), mnist, 'cpu', {}, { engine: { device } });
    expect(unbroken.info.engine).toBe('app');
    const whole = await losses(unbroken, 4);
    unbroken.dispose();

    const first = GanWorkload.create(config(model), mnist, 'cpu', {}, { engine: { device } });
    await losses(first, 2);
    const state = await first.captureState();
    const engineSamples = await first.samples(2);
    first.dispose();
    expect(state.streamPosition).toBe(2);
    expect(state.generator.adam.iterations).toBe(2);

    const again = GanWorkload.create(config(model), mnist, 'cpu', {}, { engine: { device } });
    again.restoreState(state);
    expect(await losses(again, 2)).toEqual(whole.slice(2));
    again.dispose();

    // The same weights on the cpu backend draw the same preview images.
    const onCpu = GanWorkload.create(config(model), mnist, 'cpu', {});
    onCpu.restoreState(state);
    const cpuSamples = await onCpu.samples(2);
    onCpu.dispose();
    expect(engineSamples.count).toBe(cpuSamples.count);
    const worst = engineSamples.pixels.reduce((most, v, i) => Math.max(most, Math.abs(v - cpuSamples.pixels[i])), 0);
    expect(worst).toBeLessThan(1e-5);
  });
});
