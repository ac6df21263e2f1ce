/** The lab's race, batch sweep and step anatomy on a 32 x 32 colour data set of your own, through the device owner (cpu, the MLP). */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLabSettings, type LabSettings } from '../../config/labConfig';
import { createFileReader } from '../../data/nodeReader';
import { colourDataset } from '../../data/own/testing/colourFixtures';
import { trainableDataset } from '../../data/own/trainable';
import type { OwnDataset } from '../../data/own/types';
import { DatasetCache } from '../datasetCache';
import { nodeHost, RecordingOwner } from '../testing/nodeHost';

const ID = 'own:00112233aabbccdd';
const CLASSES = 3;
const SETTINGS: LabSettings = { ...defaultLabSettings(), model: 'mlp', dataset: ID, batchSize: 8, seed: 1, warmupSteps: 1, measuredSteps: 2 };
let document: OwnDataset;

function owner(): RecordingOwner {
  return new RecordingOwner(nodeHost({ datasets: new DatasetCache(createFileReader('public/data'), async (id) => trainableDataset(id, document)) }));
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  document = await colourDataset(8);
});

describe('the lab on a 32 x 32 colour data set', () => {
  it('races: a row for cpu, its resident data counted at three channels an image', async () => {
    const { lab: job, outcome } = await owner().run({ kind: 'race', settings: { ...SETTINGS, backends: ['cpu'] } });
    expect(outcome).toEqual({ status: 'done' });
    expect(job.raceRows).toHaveLength(1);
    expect(job.raceRows[0]).toMatchObject({ backend: 'cpu', batchSize: 8, measuredSteps: 2 });
    expect(job.raceRows[0].peakBytes).toBeGreaterThan(document.train.count * 32 * 32 * 3 * 4);
  });

  it('sweeps batch sizes', async () => {
    const { lab: job } = await owner().run({ kind: 'batchSweep', settings: { ...SETTINGS, backends: ['cpu'], batchFrom: 4, batchTo: 8, sweepBudgetSeconds: 60 } });
    expect(job.status).toBe('done');
    expect(job.batchPoints.map((p) => p.batchSize)).toEqual([4, 8]);
    expect(job.batchPoints.every((p) => p.examplesPerSec > 0)).toBe(true);
  });

  it('uploads batches of [8, 32, 32, 3] in the step anatomy', async () => {
    const { lab: job } = await owner().run({ kind: 'anatomy', settings: { ...SETTINGS, anatomyBackend: 'cpu', syncSteps: 2, everyK: 2 } });
    expect(job.anatomy).toMatchObject({ backend: 'cpu', batchSize: 8, uploadBytes: 8 * (32 * 32 * 3 + CLASSES) * 4, readBackBytes: 8 * CLASSES * 4 });
  });
});
