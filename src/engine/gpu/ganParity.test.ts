import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultGanConfig, type GanRunConfig } from '../../config/ganConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import type { StepPart } from '../protocol/training';
import { GanWorkload } from '../workloads/ganWorkload';
import { dawnDevice } from './testing/dawn';
import { FORMS, type Form } from './testing/forms';

/** As engineParity.test.ts: float32 rounding only, carried by Adam from step to step (measured below 1e-6 here). */
const TOLERANCE = 1e-4;

let mnist: ImageDataset;
let device: GPUDevice;

function config(overrides: Partial<GanRunConfig>): GanRunConfig {
  return { ...defaultGanConfig(), backend: 'cpu', batchSize: 8, seed: 3, ...overrides };
}

/** Each step's scalars, the parts asked for in turn (undefined: a whole step), read back step by step. */
async function scalarCurve(workload: GanWorkload, parts: readonly (StepPart | undefined)[]): Promise<Record<string, number>[]> {
  const points: Record<string, number>[] = [];
  for (const part of parts) {
    if (workload.runSteps) {
      points.push(await workload.runSteps(1, part));
      continue;
    }
    const scalars = workload.step(part);
    points.push(Object.fromEntries(Object.entries(scalars).map(([name, t]) => [name, t.dataSync()[0]])));
    tf.dispose(Object.values(scalars));
  }
  return points;
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  device = await dawnDevice();
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 600, test: 100 });
});

describe("both GANs on the app's WebGPU engine follow TensorFlow.js's cpu backend", () => {
  it.each<[string, Partial<GanRunConfig>, (StepPart | undefined)[]]>([
    // Whole steps, then one network's half at a time (the studio's single D and G steps).
    ['MLP GAN, one D step a G step', {}, [undefined, undefined, 'discriminator', 'generator', undefined]],
    ['MLP GAN, two D steps a G step, label smoothing', { dStepsPerGStep: 2, labelSmoothing: 'on' }, [undefined, undefined]],
    // Transposed and strided convolutions, 'same' padding, LeakyReLU and tanh.
    ['DCGAN, one D step a G step', { model: 'dcgan' }, [undefined, 'discriminator', 'generator', undefined]],
    ['DCGAN, two D steps a G step', { model: 'dcgan', dStepsPerGStep: 2 }, [undefined]],
  ])(`%s: D and G losses, D(x) and D(G(z)) within ${TOLERANCE}`, async (_, overrides, parts) => {
    const cpu = GanWorkload.create(config(overrides), mnist, 'cpu', {});
    const expected = await scalarCurve(cpu, parts);
    cpu.dispose();
    const dSteps = parts.map((part) => (part === 'generator' ? 0 : part === 'discriminator' ? 1 : (overrides.dStepsPerGStep ?? 1)));
    for (const form of [null, ...(Object.keys(FORMS) as Form[])]) {
      const engine = GanWorkload.create(config(overrides), mnist, 'cpu', {}, { engine: form ? { device, gemm: FORMS[form] } : { device } });
      expect(engine.info.engine, `${form ?? 'tuned'}`).toBe('app');
      const got = await scalarCurve(engine, parts);
      const state = await engine.captureState();
      expect(engine.engineTuning?.()?.source).toEqual(form ? 'forced' : expect.stringMatching(/^(timed|remembered|slowAdapter)$/));
      engine.dispose();
      expect(Object.keys(got[0]).sort()).toEqual(Object.keys(expected[0]).sort());
      const worst = Math.max(...got.flatMap((point, i) => Object.entries(point).map(([name, value]) => Math.abs(value - expected[i][name]))));
      expect(worst, `${form ?? 'tuned'}`).toBeLessThanOrEqual(TOLERANCE);
      expect(state.streamPosition).toBe(dSteps.reduce((a, b) => a + b, 0));
      expect(state.noiseDraws).toBe(dSteps.reduce((a, b) => a + b, 0) + parts.filter((part) => part !== 'discriminator').length);
    }
  });
});
