import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackendName } from '../../config/backends';
import { createFileReader } from '../../data/nodeReader';
import { DatasetCache } from '../datasetCache';
import { CancelToken } from './cancelToken';
import { applyLabEvent, startJob, type LabJobState } from './labJob';
import type { LabEvent, LabJobCommand, LabWorkload } from './labProtocol';
import type { LabDeps } from './labWorkload';
import { runLabCommand } from './runLabCommand';

const TINY: LabWorkload = { model: 'tiny', dataset: 'mnist', batchSize: 16, seed: 1, warmupSteps: 1, measuredSteps: 3 };
const datasets = new DatasetCache(createFileReader('public/data'));

/** Only cpu exists under Node; the other names fail the way a missing backend does, or act as told. */
function nodeDeps(overrides: Partial<LabDeps> = {}): LabDeps {
  return {
    activate: async (backend: BackendName) => {
      if (backend !== 'cpu') throw new Error(`Could not start the ${backend} backend: not in Node`);
      await tf.setBackend('cpu');
      return backend;
    },
    datasets,
    flags: () => ({ IS_TEST: true }),
    evaluateFlags: async () => undefined,
    ...overrides,
  };
}

async function run(command: LabJobCommand, deps = nodeDeps(), token = new CancelToken(), onEvent: (e: LabEvent) => void = () => undefined): Promise<{ job: LabJobState; events: LabEvent[] }> {
  const events: LabEvent[] = [];
  await runLabCommand(command, deps, (e) => {
    events.push(e);
    onEvent(e);
  }, token);
  const kind = command.type;
  return { job: events.reduce(applyLabEvent, startJob(kind, command.runId)), events };
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  await datasets.get('mnist', { train: 2048, test: 100 }, () => undefined);
});

describe('the race on cpu', () => {
  it('times every step after the warm-up, reports the failing backend and carries on, leaking nothing', async () => {
    const before = tf.memory().numTensors;
    const { job, events } = await run({ type: 'race', runId: 3, workload: TINY, backends: ['webgl', 'cpu'] });
    expect(tf.memory().numTensors).toBe(before);
    expect(job.status).toBe('done');
    expect(job.stops).toEqual([{ backend: 'webgl', value: null, kind: 'error', reason: 'webgl: stopped: Could not start the webgl backend: not in Node' }]);
    expect(job.raceRows).toHaveLength(1);
    const row = job.raceRows[0];
    expect(row).toMatchObject({ backend: 'cpu', modelLabel: 'Tiny CNN', batchSize: 16, warmupSteps: 1, measuredSteps: 3, gpuBytes: null, flags: { IS_TEST: true } });
    expect(row.minStepMs).toBeLessThanOrEqual(row.medianStepMs);
    expect(row.medianStepMs).toBeLessThanOrEqual(row.maxStepMs);
    expect(row.examplesPerSec).toBeCloseTo((16 * 1000) / row.medianStepMs, 6);
    expect(row.peakBytes).toBeGreaterThan(2048 * 784 * 4); // the resident training images at least
    // Every step traced, warm-up included, each measured one with the time the statistics used.
    expect(row.stepTrace?.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    expect(row.stepTrace?.every((s) => s.loss > 0 && s.gpuBytes === null && s.bytes > 0)).toBe(true);
    expect([...(row.stepTrace ?? []).slice(1).map((s) => s.stepMs)].sort((a, b) => a - b)[1]).toBeCloseTo(row.medianStepMs, 6);
    const progress = events.filter((e) => e.type === 'progress').map((e) => e.fraction);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events.at(-1)).toEqual({ type: 'done', runId: 3, cancelled: false });
  });

  it('stops on cancel: the running backend ends early and the next one never starts', async () => {
    const token = new CancelToken();
    const before = tf.memory().numTensors;
    const { job } = await run({ type: 'race', runId: 4, workload: { ...TINY, measuredSteps: 500 }, backends: ['cpu', 'cpu'] }, nodeDeps(), token, (e) => {
      if (e.type === 'progress' && /step 3 of/.test(e.message)) token.cancel();
    });
    expect(job.status).toBe('cancelled');
    expect(job.raceRows).toHaveLength(0);
    expect(tf.memory().numTensors).toBe(before);
  });
});

describe('sweeps on cpu', () => {
  it('measures each matrix size and skips a point predicted over the time budget', async () => {
    const { job } = await run({ type: 'matmulSweep', runId: 5, backends: ['cpu'], sizes: [64, 8, 16], warmupRuns: 1, timedRuns: 2, pointBudgetMs: 0 });
    expect(job.status).toBe('done');
    expect(job.matmulPoints.map((p) => [p.backend, p.size])).toEqual([['cpu', 8]]);
    expect(job.stops).toMatchObject([{ backend: 'cpu', value: 16, kind: 'time-budget', reason: expect.stringContaining('budget per point') }]);
  });

  it('stops a backend cleanly at the first batch that does not fit, saying out of memory', async () => {
    let calls = 0;
    const deps = nodeDeps({
      flags: () => {
        if (++calls > 1) throw new Error('Array buffer allocation failed');
        return {};
      },
    });
    const { job } = await run({ type: 'batchSweep', runId: 6, workload: TINY, backends: ['cpu'], batchSizes: [8, 16, 32], pointBudgetMs: 60_000 }, deps);
    expect(job.status).toBe('done');
    expect(job.batchPoints.map((p) => p.batchSize)).toEqual([8]);
    expect(job.batchPoints[0].examplesPerSec).toBeGreaterThan(0);
    expect(job.stops).toEqual([{ backend: 'cpu', value: 16, kind: 'out-of-memory', reason: 'cpu: out of memory at batch 16 (Array buffer allocation failed)' }]);
  });
});

describe('anatomy, profile and device report on cpu', () => {
  it('splits a step into upload, compute and read-back, and measures both sync modes and kernel time', async () => {
    const before = tf.memory().numTensors;
    const { job } = await run({ type: 'anatomy', runId: 7, workload: TINY, backend: 'cpu', syncSteps: 4, everyK: 2 });
    expect(tf.memory().numTensors).toBe(before);
    const a = job.anatomy;
    expect(a).toMatchObject({ backend: 'cpu', batchSize: 16, uploadBytes: 16 * (784 + 10) * 4, readBackBytes: 16 * 10 * 4, sync: { steps: 4, everyK: 2 }, kernelTiming: { source: 'cpu-clock' } });
    expect(a?.computeMs).toBeGreaterThan(0);
    expect(a?.kernelMs).toBeGreaterThan(0);
    expect(a?.sync.syncEveryStepMs).toBeGreaterThan(0);
  });

  it('profiles one step: conv kernels grouped, shares adding up to one', async () => {
    const { job } = await run({ type: 'profile', runId: 8, workload: TINY, backend: 'cpu' });
    const p = job.profile;
    expect(p?.kernelTiming.source).toBe('cpu-clock');
    const conv = p?.kernels.find((k) => k.name === 'Conv2D');
    expect(conv?.count).toBe(2); // two conv layers, forward pass
    expect(p?.kernels.reduce((s, k) => s + k.count, 0)).toBe(p?.kernelCount);
    expect(p?.kernels.reduce((s, k) => s + (k.share ?? 0), 0)).toBeCloseTo(1, 6);
    expect(p?.peakBytes).toBeGreaterThan(0);
  });

  it('reports the device in Node with WebGPU and WebGL marked not available', async () => {
    const { job } = await run({ type: 'deviceReport', runId: 9 });
    expect(job.deviceReport?.report.webgpu.status).toBe('not available');
    expect(job.deviceReport?.text).toContain('TensorFlow.js');
    expect(job.deviceReport?.backends.find((b) => b.name === 'cpu')?.available).toBe(true);
  });

  it('ends with an error event, not a throw, when the workload is invalid', async () => {
    const { job } = await run({ type: 'profile', runId: 10, workload: { ...TINY, batchSize: 0 }, backend: 'cpu' });
    expect(job).toMatchObject({ status: 'error', error: 'Batch size must be between 1 and 4096 examples' });
  });
});
