import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { defaultGanConfig } from '../../config/ganConfig';
import type { JobEvent } from '../protocol/jobs';
import type { WeightHistograms } from '../protocol/training';
import { nodeDatasets, RecordingOwner } from '../testing/nodeHost';
import { GanWorkload } from './ganWorkload';
import { weightHistograms } from './weightHistograms';

/** The dense MLP on cpu, 2 epochs of 7 steps: the events are the point, not the model. */
const RUN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 16, epochs: 2, trainExamples: 112, testExamples: 100, checkpointEvery: 0 };

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const histogramsOf = (events: readonly JobEvent[]): WeightHistograms[] => events.flatMap((e) => (e.type === 'weightHistograms' ? [e.histograms] : []));

describe('weight histograms for the run’s TensorBoard log', () => {
  it('a CNN-family run sends every weight tensor’s histogram at each epoch end, each counting the tensor’s values', async () => {
    const owner = new RecordingOwner();
    const run = await owner.run({ kind: 'train', config: RUN });
    expect(run.outcome).toEqual({ status: 'done' });
    const sent = histogramsOf(run.events);
    expect(sent.map((h) => [h.step, h.epoch])).toEqual([[7, 1], [14, 2]]);
    // The MLP: Flatten → Dense 128 → Dense 10, a kernel and a bias each.
    expect(sent[0].tensors.map((t) => t.histogram.num)).toEqual([784 * 128, 128, 128 * 10, 10]);
    expect(sent[0].tensors.map((t) => t.name)).toEqual(expect.arrayContaining([expect.stringMatching(/kernel$/), expect.stringMatching(/bias$/)]));
    for (const { histogram } of sent[1].tensors) expect(histogram.buckets.reduce((a, b) => a + b, 0)).toBe(histogram.num);
    // Training moved the weights between the two epoch ends.
    expect(sent[1].tensors[0].histogram.sum).not.toBe(sent[0].tensors[0].histogram.sum);
  }, 120_000);

  it('a run stopped mid-epoch sends the histograms of the step it stopped at', async () => {
    const owner = new RecordingOwner();
    let stopAsked = false;
    const run = await owner.run({ kind: 'train', config: { ...RUN, trainExamples: 16 * 200 } }, (event, id) => {
      if (event.type === 'metrics' && event.points.some((p) => p.step >= 3) && !stopAsked) {
        stopAsked = true;
        owner.owner.cancel(id);
      }
    });
    const sent = histogramsOf(run.events);
    const lastStep = run.events.flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : [])).at(-1);
    expect(sent.map((h) => h.step)).toEqual([lastStep]);
  }, 120_000);

  it('a GAN’s histograms name each weight by its network', async () => {
    const config = { ...defaultGanConfig(), backend: 'cpu' as const, model: 'mlp' as const, batchSize: 16 };
    const data = await nodeDatasets.get('mnist', { train: 64, test: 0 }, () => undefined);
    const workload = GanWorkload.create(config, data, 'cpu', {});
    try {
      const before = tf.memory().numTensors;
      const sent = await weightHistograms(workload, 1);
      expect(tf.memory().numTensors).toBe(before);
      const names = sent?.tensors.map((t) => t.name) ?? [];
      expect(names.length).toBe(workload.trainer.generator.weights.length + workload.trainer.discriminator.weights.length);
      expect(names.filter((n) => n.startsWith('generator/'))).toHaveLength(workload.trainer.generator.weights.length);
      expect(names.filter((n) => n.startsWith('discriminator/'))).toHaveLength(workload.trainer.discriminator.weights.length);
    } finally {
      workload.dispose();
    }
  });
});
