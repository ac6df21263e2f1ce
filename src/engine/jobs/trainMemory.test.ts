import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import type { JobEvent } from '../protocol/jobs';
import type { MetricsPoint } from '../protocol/training';
import { RecordingOwner } from '../testing/nodeHost';
import { english } from '../../i18n/testing/english';

/** The dense MLP: the protocol is the point, not the model, and the tiny CNN's convolution gradients take seconds a step on the plain-JS cpu backend. */
const RUN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 16, epochs: 1, trainExamples: 160, testExamples: 100 };

const metricsOf = (events: JobEvent[]): MetricsPoint[] => events.flatMap((e) => (e.type === 'metrics' ? e.points : []));

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('a training run and its memory budget', () => {
  it('is refused before anything is uploaded when the prediction exceeds the budget, with the numbers and the setting to lower', async () => {
    const owner = new RecordingOwner();
    const before = tf.memory();
    const job = await owner.run({ kind: 'train', config: { ...RUN, memoryBudgetMb: 1 } });
    expect(job.outcome?.status).toBe('error');
    const message = job.outcome?.status === 'error' ? english(job.outcome.message) : '';
    expect(message).toMatch(/^Refused before upload: this run is predicted to need [\d.]+ MB, over the 1 MB memory budget \(weights /);
    expect(message).toContain('To fit, ');
    const plan = job.events.find((e) => e.type === 'memoryPlan');
    expect(plan?.type === 'memoryPlan' && plan.plan.total).toBeGreaterThan(1024 * 1024);
    expect(job.events.some((e) => e.type === 'runInfo' || e.type === 'metrics')).toBe(false);
    expect(tf.memory().numTensors).toBe(before.numTensors);
    expect(tf.memory().numBytes).toBe(before.numBytes);
  });

  it('runs under a budget above the prediction, reporting the split, the data wait and one profiled step peak', async () => {
    const owner = new RecordingOwner();
    const job = await owner.run({ kind: 'train', config: { ...RUN, memoryBudgetMb: 64 } });
    expect(job.outcome).toEqual({ status: 'done' });
    const points = metricsOf(job.events);
    expect(points.at(-1)?.step).toBe(160 / 16);
    for (const p of points) {
      expect(p.memory).toBeDefined();
      expect(p.dataWaitMs).toBeGreaterThanOrEqual(0);
    }
    const peaks = job.events.flatMap((e) => (e.type === 'stepPeak' ? [e.peak] : []));
    expect(peaks).toHaveLength(1);
    expect(peaks[0].step).toBe(2);
    expect(peaks[0].peakBytes).toBeGreaterThan(peaks[0].liveBytes);
    // The profiled step is kept out of the measured steps, like the first one.
    expect(points.filter((p) => p.warmup).map((p) => p.step)).toEqual([1, 2]);
  });
});

describe('gradient accumulation in a run', () => {
  it('counts optimizer steps of batch x k examples and keeps the tensor count flat', async () => {
    const owner = new RecordingOwner();
    const job = await owner.run({ kind: 'train', config: { ...RUN, accumulationSteps: 2 } });
    expect(job.outcome).toEqual({ status: 'done' });
    const info = job.events.find((e) => e.type === 'runInfo');
    expect(info?.type === 'runInfo' && info.info.totalSteps).toBe(160 / (16 * 2));
    const points = metricsOf(job.events);
    expect(points.at(-1)?.step).toBe(5);
    const steady = points.filter((p) => !p.warmup);
    expect(steady.length).toBeGreaterThan(0);
    for (const p of steady) {
      expect(p.examplesPerSec).toBeCloseTo((32 * 1000) / p.stepMs, 6);
      expect(p.numTensors).toBe(steady[0].numTensors);
    }
  });
});
