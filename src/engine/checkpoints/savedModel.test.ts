import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { decodeCheckpoint, encodeCheckpoint } from '../protocol/checkpointFormat';
import { CnnWorkload, type CnnTrainingState } from '../workloads/cnnWorkload';
import { requireCnnCheckpoint } from './loadCheckpoint';
import { checkpointOf, stateOf, thinCurve } from './savedModel';

/** 32 examples in batches of 8 (the workload takes the data it is given): 4 steps an epoch, so the runs below cross an epoch's reshuffle. */
const TRAIN_EXAMPLES = 32;
const TEST_EXAMPLES = 100;
const BATCH = 8;
const STEPS = 6;
/** Room for two cores shared with other test files: these run a dozen steps each. */
const SLOW_MS = 300_000;
const SPLIT_AT = 3;
const SUMMARY = { lastLoss: null, lastEval: null, curve: [] };
let mnist: ImageDataset;

const config = (): CnnRunConfig => ({ ...defaultCnnConfig(), backend: 'cpu', model: 'tiny', batchSize: BATCH, trainExamples: 100, testExamples: TEST_EXAMPLES, epochs: 2 });

/** Runs `steps` steps; returns each step's loss, read back one by one. */
async function train(workload: CnnWorkload, steps: number): Promise<number[]> {
  const losses: number[] = [];
  for (let i = 0; i < steps; i++) {
    const scalars = workload.step();
    losses.push((await scalars.loss.data())[0]);
    tf.dispose(Object.values(scalars));
  }
  return losses;
}

/** A workload's state through the file format and back: encode, decode, stateOf. */
async function throughFile(workload: CnnWorkload, step: number): Promise<{ bytes: Uint8Array; state: CnnTrainingState }> {
  const state = await workload.captureState();
  const bytes = encodeCheckpoint(checkpointOf(config(), state, { step, stepsPerEpoch: workload.info.stepsPerEpoch }, SUMMARY));
  return { bytes, state: stateOf(requireCnnCheckpoint(bytes)) };
}

const bits = (values: Float32Array) => Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length));

function expectSameState(a: CnnTrainingState, b: CnnTrainingState): void {
  expect(b.weights.map((w) => [w.name, w.shape])).toEqual(a.weights.map((w) => [w.name, w.shape]));
  a.weights.forEach((w, i) => expect(bits(b.weights[i].values)).toEqual(bits(w.values)));
  expect(b.adam.iterations).toBe(a.adam.iterations);
  expect(bits(b.adam.accBeta1)).toEqual(bits(a.adam.accBeta1));
  expect(bits(b.adam.accBeta2)).toEqual(bits(a.adam.accBeta2));
  expect(b.adam.moments?.length).toBe(a.adam.moments?.length);
  a.adam.moments?.forEach((m, i) => {
    expect(bits(b.adam.moments?.[i].m ?? new Float32Array())).toEqual(bits(m.m));
    expect(bits(b.adam.moments?.[i].v ?? new Float32Array())).toEqual(bits(m.v));
  });
  expect(b.streamPosition).toBe(a.streamPosition);
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: TRAIN_EXAMPLES, test: TEST_EXAMPLES });
});

describe('a saved model (GPCK checkpoint) on the cpu backend', () => {
  it('round-trips weights and Adam state bitwise: save, load into a fresh model, read back', async () => {
    const original = CnnWorkload.create(config(), mnist, 'cpu', {});
    await train(original, SPLIT_AT);
    const { state: saved } = await throughFile(original, SPLIT_AT);
    const live = await original.captureState();
    original.dispose();
    expectSameState(live, saved);
    expect(saved.adam.iterations).toBe(SPLIT_AT);
    expect(saved.streamPosition).toBe(SPLIT_AT);

    const restored = CnnWorkload.create(config(), mnist, 'cpu', {});
    restored.restoreState(saved);
    expectSameState(live, await restored.captureState());
    restored.dispose();
  }, SLOW_MS);

  it('saves a model before its first step (no Adam moments yet) and loads it back', async () => {
    const fresh = CnnWorkload.create(config(), mnist, 'cpu', {});
    const { state } = await throughFile(fresh, 0);
    fresh.dispose();
    expect(state.adam.moments).toBeNull();
    const restored = CnnWorkload.create(config(), mnist, 'cpu', {});
    restored.restoreState(state);
    expect((await train(restored, 1))[0]).toBeGreaterThan(0);
    restored.dispose();
  }, SLOW_MS);

  it('continues with the same loss curve as the unbroken run, bit for bit, across an epoch boundary', async () => {
    const unbroken = CnnWorkload.create(config(), mnist, 'cpu', {});
    const expected = await train(unbroken, STEPS);
    const finalWeights = (await unbroken.captureState()).weights;
    unbroken.dispose();

    const first = CnnWorkload.create(config(), mnist, 'cpu', {});
    const before = await train(first, SPLIT_AT);
    const { state } = await throughFile(first, SPLIT_AT);
    first.dispose();
    const second = CnnWorkload.create(config(), mnist, 'cpu', {});
    second.restoreState(state);
    const after = await train(second, STEPS - SPLIT_AT);
    const continuedWeights = (await second.captureState()).weights;
    second.dispose();

    expect([...before, ...after]).toEqual(expected);
    // Every step's loss differs: the model really moves, so equal curves are not a trivial match.
    expect(new Set(expected).size).toBe(STEPS);
    continuedWeights.forEach((w, i) => expect(bits(w.values)).toEqual(bits(finalWeights[i].values)));
  }, SLOW_MS);

  it('leaves the tensor count flat: save, load and dispose leak nothing, and continued steps stay flat', async () => {
    const before = tf.memory().numTensors;
    const workload = CnnWorkload.create(config(), mnist, 'cpu', {});
    await train(workload, 2);
    const { state } = await throughFile(workload, 2);
    workload.dispose();
    const restored = CnnWorkload.create(config(), mnist, 'cpu', {});
    restored.restoreState(state);
    await train(restored, 1);
    const settled = tf.memory().numTensors;
    await train(restored, 3);
    expect(tf.memory().numTensors).toBe(settled);
    restored.dispose();
    expect(tf.memory().numTensors).toBe(before);
  }, SLOW_MS);

  it('refuses to load weights into a model of another shape, naming the weight', async () => {
    const workload = CnnWorkload.create(config(), mnist, 'cpu', {});
    const { state } = await throughFile(workload, 0);
    const [kernel, ...rest] = state.weights;
    const reshaped = { ...state, weights: [{ ...kernel, shape: [...kernel.shape].reverse() }, ...rest] };
    expect(() => workload.restoreState(reshaped)).toThrow(/conv1\/kernel \[8, 1, 3, 3\] does not fit this model's conv1\/kernel \[3, 3, 1, 8\]/);
    workload.dispose();
  });

  it('refuses optimizer tensors that do not match the weights', async () => {
    const workload = CnnWorkload.create(config(), mnist, 'cpu', {});
    await train(workload, 1);
    const state = await workload.captureState();
    workload.dispose();
    const checkpoint = checkpointOf(config(), state, { step: 1, stepsPerEpoch: 4 }, SUMMARY);
    const missing = { ...checkpoint, tensors: checkpoint.tensors.filter((t) => t.name !== 'adam/v/conv1/bias') };
    expect(() => stateOf(missing)).toThrow(/engine\.checkpoint\.optimizerCount/);
    const decoded = decodeCheckpoint(encodeCheckpoint(checkpoint));
    expect(decoded.ok).toBe(true);
  });

  it('thins a long loss curve to the format cap, first and last points kept', () => {
    const curve = Array.from({ length: 2000 }, (_, i): [number, number] => [i + 1, 1 / (i + 1)]);
    const thin = thinCurve(curve);
    expect(thin).toHaveLength(500);
    expect(thin[0]).toEqual([1, 1]);
    expect(thin[499]).toEqual([2000, 1 / 2000]);
  });
});
