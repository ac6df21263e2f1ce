import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultGanConfig, type GanRunConfig } from '../../config/ganConfig';
import { loadDataset } from '../../data/loadDataset';
import { createFileReader } from '../../data/nodeReader';
import type { ImageDataset } from '../../data/types';
import { MessageError } from '../../i18n/message';
import { english } from '../../i18n/testing/english';
import { ganCheckpointOf } from '../checkpoints/ganCheckpoint';
import { requireCheckpoint } from '../checkpoints/loadCheckpoint';
import { RunSummary } from '../checkpoints/runSummary';
import { continueFrom } from '../checkpoints/runCheckpoint';
import { encodeCheckpoint, type Checkpoint } from '../protocol/checkpointFormat';
import type { StepPart } from '../protocol/training';
import { GanWorkload, type GanTrainingState } from './ganWorkload';

/** 16 images in batches of 8: two real batches an epoch, so the continued step crosses the stream's reshuffle. */
const TRAIN_EXAMPLES = 16;
/**
 * What each step trains: whole steps, and the one-network steps the page's "Train D only" / "Train G only" take, so
 * the noise draws, the data position and the two Adams' iteration counts are not functions of the step count.
 * Few steps: each network update of the MLP GAN takes about half a second on the plain-JS cpu backend.
 */
const PARTS: (StepPart | undefined)[] = [undefined, 'discriminator', undefined];
const SPLIT_AT = 2;
const SLOW_MS = 120_000;
let mnist: ImageDataset;

/** The MLP GAN with a small latent: the state's round trip is the point, and the plain-JS cpu backend is the reference. */
const config = (overrides: Partial<GanRunConfig> = {}): GanRunConfig => ({
  ...defaultGanConfig(),
  backend: 'cpu',
  model: 'mlp',
  batchSize: 8,
  latentSize: 8,
  dStepsPerGStep: 1,
  steps: 50,
  seed: 5,
  ...overrides,
});

beforeAll(async () => {
  await tf.setBackend('cpu');
  mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: TRAIN_EXAMPLES, test: 1 });
});

/** Runs the steps, reading every scalar back at once: dLoss, dReal, dFake, gLoss as each step reports them. */
async function train(workload: GanWorkload, parts: readonly (StepPart | undefined)[]): Promise<Record<string, number>[]> {
  const out: Record<string, number>[] = [];
  for (const part of parts) {
    const scalars = workload.step(part);
    const names = Object.keys(scalars).sort();
    const values = await Promise.all(names.map(async (name) => (await scalars[name].data())[0]));
    tf.dispose(Object.values(scalars));
    out.push(Object.fromEntries(names.map((name, i) => [name, values[i]])));
  }
  return out;
}

/** The workload's state through the file format: capture, checkpoint, encode, decode. */
async function throughFile(workload: GanWorkload, run: GanRunConfig, step: number): Promise<{ bytes: Uint8Array; checkpoint: Checkpoint; state: GanTrainingState }> {
  const state = await workload.captureState();
  const bytes = encodeCheckpoint(ganCheckpointOf(run, state, { step, stepsPerEpoch: workload.info.stepsPerEpoch }, new RunSummary(null).ganSummary));
  return { bytes, checkpoint: requireCheckpoint(bytes), state };
}

/** Bitwise equality of two float arrays (NaN payloads and signed zeros included), without a deep compare of a million numbers. */
const sameBits = (a: Float32Array, b: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
const momentTensors = (state: GanTrainingState) => 2 * ((state.generator.adam.moments?.length ?? 0) + (state.discriminator.adam.moments?.length ?? 0));

describe('a GAN checkpoint: capture, file, restore into a fresh workload, continue (cpu)', () => {
  it('continues with the D and G losses of the unbroken run, bit for bit, leaking no tensor', async () => {
    const baseline = tf.memory().numTensors;
    const run = config();
    // The unbroken run is checkpointed on its way (reading its state changes nothing: read twice, the same).
    const unbroken = GanWorkload.create(run, mnist, 'cpu', {});
    const before = await train(unbroken, PARTS.slice(0, SPLIT_AT));
    const beforeCapture = tf.memory().numTensors;
    const { checkpoint, state } = await throughFile(unbroken, run, SPLIT_AT);
    expect(tf.memory().numTensors).toBe(beforeCapture);
    const again = await unbroken.captureState();
    for (const network of ['generator', 'discriminator'] as const) {
      again[network].weights.forEach((w, i) => expect(sameBits(w.values, state[network].weights[i].values), w.name).toBe(true));
    }
    // Not a function of the step: 2 steps, one of them D only.
    expect([state.noiseDraws, state.streamPosition, state.generator.adam.iterations, state.discriminator.adam.iterations]).toEqual([3, 2, 1, 2]);
    const expected = await train(unbroken, PARTS.slice(SPLIT_AT));
    const finalState = await unbroken.captureState();
    const unbrokenTensors = tf.memory().numTensors - baseline;
    unbroken.dispose();
    expect(tf.memory().numTensors).toBe(baseline);

    const continued = GanWorkload.create(run, mnist, 'cpu', {});
    const beforeRestore = tf.memory().numTensors;
    expect(continueFrom(continued, checkpoint)).toBe(SPLIT_AT);
    // Restoring adds exactly Adam's moments (a fresh optimizer has none until its first step), nothing else.
    expect(tf.memory().numTensors - beforeRestore).toBe(momentTensors(state));
    const after = await train(continued, PARTS.slice(SPLIT_AT));
    const continuedState = await continued.captureState();
    expect(tf.memory().numTensors - baseline).toBe(unbrokenTensors);
    continued.dispose();
    expect(tf.memory().numTensors).toBe(baseline);

    expect(after).toEqual(expected);
    expect(Object.keys(after[0]).sort()).toEqual(['dFake', 'dLoss', 'dReal', 'gLoss']);
    // The networks really move from step to step, so equal losses are not a trivial match.
    expect(after[0].gLoss).not.toBe(before[0].gLoss);
    expect(after[0].dLoss).not.toBe(before[1].dLoss);
    for (const network of ['generator', 'discriminator'] as const) {
      finalState[network].weights.forEach((w, i) => expect(sameBits(continuedState[network].weights[i].values, w.values), w.name).toBe(true));
      finalState[network].adam.moments?.forEach((m, i) => expect(sameBits(continuedState[network].adam.moments?.[i].v ?? new Float32Array(), m.v), `${network} v ${i}`).toBe(true));
      expect(sameBits(continuedState[network].adam.accBeta1, finalState[network].adam.accBeta1)).toBe(true);
      expect(continuedState[network].adam.iterations).toBe(finalState[network].adam.iterations);
    }
    expect([continuedState.noiseDraws, continuedState.streamPosition]).toEqual([finalState.noiseDraws, finalState.streamPosition]);
  }, SLOW_MS);

  it('refuses a file whose generator and discriminator are swapped, whose networks another model or latent size made, or whose preview noise differs', async () => {
    const run = config();
    // An untrained run's state: which weights and shapes it holds is the point, not their values.
    const source = GanWorkload.create(run, mnist, 'cpu', {});
    const { bytes } = await throughFile(source, run, 1);
    source.dispose();
    const swap = (name: string) => name.replace(/(generator|discriminator)/, (n) => (n === 'generator' ? 'discriminator' : 'generator'));
    const checkpoint = requireCheckpoint(bytes);
    const swapped = requireCheckpoint(encodeCheckpoint({ ...checkpoint, tensors: checkpoint.tensors.map((t) => ({ ...t, name: swap(t.name) })) } as Checkpoint));
    const refusal = (into: GanRunConfig, from: Checkpoint): string => {
      const fresh = GanWorkload.create(into, mnist, 'cpu', {});
      const tensors = tf.memory().numTensors;
      try {
        continueFrom(fresh, from);
        return 'restored';
      } catch (err) {
        // Refused before anything was written: the fresh workload holds what it held.
        expect(tf.memory().numTensors).toBe(tensors);
        return err instanceof MessageError ? english(err.said) : String(err);
      } finally {
        fresh.dispose();
      }
    };
    expect(refusal(run, swapped)).toBe('The saved generator and discriminator are swapped.');
    expect(refusal(config({ latentSize: 16 }), checkpoint)).toBe('Saved weight generator/g_dense1/kernel [8, 256] does not fit this model’s generator/g_dense1/kernel [16, 256].');
    expect(refusal(config({ model: 'dcgan' }), checkpoint)).toBe('The saved model holds 8 weight tensors; a dcgan_generator has 6.');
    const fewerPreviews = { ...checkpoint, tensors: checkpoint.tensors.map((t) => (t.group === 'state' ? { ...t, shape: [4, 8], values: t.values.slice(0, 32) } : t)) } as Checkpoint;
    expect(refusal(run, requireCheckpoint(encodeCheckpoint(fewerPreviews)))).toBe('Saved weight previewNoise [4, 8] does not fit this model’s previewNoise [64, 8].');
    expect(refusal(config({ steps: 1 }), checkpoint)).toBe('This model has already trained 1 steps, all of its run: raise Steps to continue it.');
  }, SLOW_MS);
});
