/**
 * A model trained on a 32 x 32 colour data set of your own, saved and loaded back: the same file format and
 * typed path as MNIST's (savedModel.test.ts), here with three input channels, so a shape that only MNIST's
 * [28, 28, 1] exercised cannot slip through.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import { colourDataset } from '../../data/own/testing/colourFixtures';
import { trainableDataset } from '../../data/own/trainable';
import type { ImageDataset } from '../../data/types';
import { encodeCheckpoint } from '../protocol/checkpointFormat';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { requireCnnCheckpoint } from './loadCheckpoint';
import { checkpointOf, stateOf } from './savedModel';

const DATASET_ID = 'own:0123456789abcdef';
const BATCH = 2;
const STEPS = 6;
const SPLIT_AT = 3;
const SUMMARY = { lastLoss: null, lastEval: null, curve: [] };
/** Room for two cores shared with other test files. */
const SLOW_MS = 300_000;
let data: ImageDataset;

/** The settings' smallest counts, as the app keeps them for a small set: the workload takes the data it is given (9 + 3 images). */
const config = (): CnnRunConfig => ({ ...defaultCnnConfig(), backend: 'cpu', model: 'tiny', dataset: DATASET_ID, batchSize: BATCH, trainExamples: 100, testExamples: 100, epochs: 3 });

async function train(workload: CnnWorkload, steps: number): Promise<number[]> {
  const losses: number[] = [];
  for (let i = 0; i < steps; i++) {
    const scalars = workload.step();
    losses.push((await scalars.loss.data())[0]);
    tf.dispose(Object.values(scalars));
  }
  return losses;
}

const bits = (values: Float32Array) => Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length));

beforeAll(async () => {
  await tf.setBackend('cpu');
  data = trainableDataset(DATASET_ID, await colourDataset(4));
});

describe('a colour model saved and loaded back', () => {
  it('keeps its [3, 3, 3, 8] first kernel in the file and continues with the unbroken run’s losses, bit for bit, leaking nothing', async () => {
    expect(data.shape).toMatchObject({ side: 32, channels: 3 });
    const unbroken = CnnWorkload.create(config(), data, 'cpu', {});
    const expected = await train(unbroken, STEPS);
    unbroken.dispose();

    const before = tf.memory().numTensors;
    const first = CnnWorkload.create(config(), data, 'cpu', {});
    const head = await train(first, SPLIT_AT);
    const live = await first.captureState();
    first.dispose();
    const file = requireCnnCheckpoint(encodeCheckpoint(checkpointOf(config(), live, { step: SPLIT_AT, stepsPerEpoch: first.info.stepsPerEpoch }, SUMMARY)));
    expect(file.config.dataset).toBe(DATASET_ID);
    const state = stateOf(file);
    expect(state.weights.find((w) => w.name === 'conv1/kernel')?.shape).toEqual([3, 3, 3, 8]);
    live.weights.forEach((w, i) => expect(bits(state.weights[i].values)).toEqual(bits(w.values)));

    const second = CnnWorkload.create(config(), data, 'cpu', {});
    expect(second.model.inputs[0].shape).toEqual([null, 32, 32, 3]);
    second.restoreState(state);
    const tail = await train(second, STEPS - SPLIT_AT);
    second.dispose();
    expect(tf.memory().numTensors).toBe(before);

    expect([...head, ...tail]).toEqual(expected);
    // Every step's loss differs: the model really moves, so equal curves are not a trivial match.
    expect(new Set(expected).size).toBe(STEPS);
  }, SLOW_MS);

  it('refuses its weights in an MNIST model (28 x 28 grayscale), naming the first kernel', async () => {
    const colour = CnnWorkload.create(config(), data, 'cpu', {});
    const state = await colour.captureState();
    colour.dispose();
    const mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: 8, test: 8 });
    const mnistShaped = CnnWorkload.create({ ...config(), dataset: 'mnist' }, mnist, 'cpu', {});
    expect(() => mnistShaped.restoreState(state)).toThrow(/conv1\/kernel \[3, 3, 3, 8\] does not fit this model's conv1\/kernel \[3, 3, 1, 8\]/);
    mnistShaped.dispose();
  });
});
