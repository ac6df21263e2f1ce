import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { TrainingLoop } from '../trainingLoop';
import { CnnWorkload } from './cnnWorkload';

const TOTAL_STEPS = 8;
const CHECKPOINT_AT = 3;

let mnist: ImageDataset;

beforeAll(async () => {
  await tf.setBackend('cpu');
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 256, test: 64 });
});

/** The dense MLP: the data pipeline and the captured state are the point (the CNN's weights round-trip bitwise in savedModel.test.ts), and the tiny CNN's convolution gradients take seconds a step on the plain-JS cpu backend. */
function config(overrides: Partial<CnnRunConfig>): CnnRunConfig {
  return { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 16, epochs: 1, trainExamples: 256, testExamples: 64, seed: 11, ...overrides };
}

/** Runs the loop one step per window up to `until`, returning each step's loss. */
async function lossesOf(workload: CnnWorkload, until: number, from = 0): Promise<number[]> {
  const losses: number[] = [];
  const loop = new TrainingLoop(
    workload,
    { onState: () => undefined, onFirstStep: () => undefined, onMetrics: (p) => losses.push(p.scalars.loss), onEpochEnd: async () => undefined },
    { syncIntervalMs: 0, maxStepsPerSync: 1 },
  );
  if (from > 0) loop.startAt(from);
  await loop.run(until);
  return losses;
}

describe('checkpoint, restore and continue', () => {
  it.each([
    ['on the device, prefetching, k = 1', { dataPlacement: 'device', prefetch: 'on', accumulationSteps: 1 }],
    ['uploaded from JS, k = 2', { dataPlacement: 'host', prefetch: 'off', accumulationSteps: 2 }],
  ] as const)('gives bit for bit the loss curve of an uninterrupted run on cpu (%s)', async (_, pipeline) => {
    const run = config(pipeline);
    const straight = CnnWorkload.create(run, mnist, 'cpu', {});
    const expected = await lossesOf(straight, TOTAL_STEPS);
    straight.dispose();

    const first = CnnWorkload.create(run, mnist, 'cpu', {});
    const before = await lossesOf(first, CHECKPOINT_AT);
    const state = await first.captureState();
    first.dispose();
    const tensorsBetween = tf.memory().numTensors;

    const second = CnnWorkload.create(run, mnist, 'cpu', {});
    second.restoreState(state);
    const after = await lossesOf(second, TOTAL_STEPS, CHECKPOINT_AT);
    second.dispose();

    expect(expected).toHaveLength(TOTAL_STEPS);
    expect([...before, ...after]).toEqual(expected);
    expect(tf.memory().numTensors).toBe(tensorsBetween);
  }, 300_000);
});
