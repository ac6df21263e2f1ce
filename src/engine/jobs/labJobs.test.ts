import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLabSettings, type LabSettings } from '../../config/labConfig';
import { nodeDatasets, nodeHost, RecordingOwner } from '../testing/nodeHost';
import { english } from '../../i18n/testing/english';

/** The dense MLP: the jobs' protocol is the point, and the tiny CNN's convolution gradients take seconds a step on the plain-JS cpu backend. */
const MLP: LabSettings = { ...defaultLabSettings(), model: 'mlp', dataset: 'mnist', batchSize: 16, seed: 1, warmupSteps: 1, measuredSteps: 3 };

beforeAll(async () => {
  await tf.setBackend('cpu');
  await nodeDatasets.get('mnist', { train: 2048, test: 100 }, () => undefined);
});

describe('the race on cpu, through the device owner', () => {
  it('times every step after the warm-up, reports the failing backend and carries on, leaking nothing', async () => {
    const before = tf.memory().numTensors;
    const { lab: job, events, outcome } = await new RecordingOwner().run({ kind: 'race', settings: { ...MLP, backends: ['webgl', 'cpu'] } });
    expect(tf.memory().numTensors).toBe(before);
    expect(outcome).toEqual({ status: 'done' });
    expect(job.status).toBe('done');
    expect(job.stops).toMatchObject([{ backend: 'webgl', value: null, kind: 'error' }]);
    expect(english(job.stops[0].reason)).toBe('WebGL: stopped: Could not start the WebGL backend: not in Node');
    expect(job.raceRows).toHaveLength(1);
    const row = job.raceRows[0];
    expect(row).toMatchObject({ backend: 'cpu', modelLabel: 'MLP (dense only)', batchSize: 16, warmupSteps: 1, measuredSteps: 3, gpuBytes: null, flags: { IS_TEST: true } });
    expect(row.minStepMs).toBeLessThanOrEqual(row.medianStepMs);
    expect(row.medianStepMs).toBeLessThanOrEqual(row.maxStepMs);
    expect(row.examplesPerSec).toBeCloseTo((16 * 1000) / row.medianStepMs, 6);
    expect(row.peakBytes).toBeGreaterThan(2048 * 784 * 4); // the resident training images at least
    // Every step traced, warm-up included, each measured one with the time the statistics used.
    expect(row.stepTrace?.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    expect(row.stepTrace?.every((s) => s.loss > 0 && s.gpuBytes === null && s.bytes > 0)).toBe(true);
    expect([...(row.stepTrace ?? []).slice(1).map((s) => s.stepMs)].sort((a, b) => a - b)[1]).toBeCloseTo(row.medianStepMs, 6);
    const progress = events.flatMap((e) => (e.type === 'progress' ? [e.fraction] : []));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('stops on cancel: the running backend ends early and the next one never starts', async () => {
    const owner = new RecordingOwner();
    const before = tf.memory().numTensors;
    const job = await owner.run({ kind: 'race', settings: { ...MLP, measuredSteps: 500, backends: ['cpu', 'wasm'] } }, (e, id) => {
      if (e.type === 'progress' && /step 3 of/.test(english(e.message))) owner.owner.cancel(id);
    });
    expect(job.outcome).toEqual({ status: 'cancelled' });
    expect(job.lab.raceRows).toHaveLength(0);
    expect(tf.memory().numTensors).toBe(before);
  });

  it('refuses settings its table refuses, with the same message the form and the link give', async () => {
    const job = await new RecordingOwner().run({ kind: 'profile', settings: { ...MLP, batchSize: 0 } });
    expect(job.outcome?.status).toBe('error');
    expect(job.outcome?.status === 'error' && english(job.outcome.message)).toBe("Batch size must be between 1 and 4096 examples (got '0')");
  });
});

describe('the parity check on cpu', () => {
  it('trains the same steps from the same start on each backend, the same on two runs, and reports a failing one', async () => {
    const settings: LabSettings = { ...MLP, paritySteps: 4, backends: ['cpu', 'webgl'] };
    const first = await new RecordingOwner().run({ kind: 'parity', settings });
    const second = await new RecordingOwner().run({ kind: 'parity', settings });
    expect(first.outcome).toEqual({ status: 'done' });
    expect(first.lab.parityCurves).toHaveLength(1);
    expect(first.lab.parityCurves[0].losses).toHaveLength(4);
    expect(first.lab.parityCurves[0].losses.every((l) => l > 0 && Number.isFinite(l))).toBe(true);
    expect(second.lab.parityCurves[0].losses).toEqual(first.lab.parityCurves[0].losses);
    expect(first.lab.stops.map((s) => s.backend)).toEqual(['webgl']);
  });
});

describe('sweeps on cpu', () => {
  it('measures each matrix size and skips the first size predicted over the time budget', async () => {
    const settings: LabSettings = { ...MLP, backends: ['cpu'], matmulFrom: 512, matmulTo: 4096, matmulWarmupRuns: 0, matmulTimedRuns: 1, sweepBudgetSeconds: 1 };
    const { lab: job } = await new RecordingOwner().run({ kind: 'matmulSweep', settings });
    expect(job.status).toBe('done');
    expect(job.matmulPoints[0]).toMatchObject({ backend: 'cpu', size: 512 });
    expect(job.stops).toMatchObject([{ backend: 'cpu', kind: 'time-budget' }]);
    expect(english(job.stops[0].reason)).toContain('budget per point');
    const stoppedAt = job.stops[0].value ?? 0;
    expect(job.matmulPoints.every((p) => p.size < stoppedAt)).toBe(true);
  });

  it('stops a backend cleanly at the first batch that does not fit, saying out of memory', async () => {
    let calls = 0;
    const host = nodeHost({
      flags: () => {
        if (++calls > 1) throw new Error('Array buffer allocation failed');
        return {};
      },
    });
    const settings: LabSettings = { ...MLP, backends: ['cpu'], batchFrom: 8, batchTo: 32, sweepBudgetSeconds: 60 };
    const { lab: job } = await new RecordingOwner(host).run({ kind: 'batchSweep', settings });
    expect(job.status).toBe('done');
    expect(job.batchPoints.map((p) => p.batchSize)).toEqual([8]);
    expect(job.batchPoints[0].examplesPerSec).toBeGreaterThan(0);
    expect(job.stops).toMatchObject([{ backend: 'cpu', value: 16, kind: 'out-of-memory' }]);
    expect(english(job.stops[0].reason)).toBe('CPU (plain JS): out of memory at batch 16 (Array buffer allocation failed)');
  });
});

describe('anatomy, profile and device report on cpu', () => {
  it('splits a step into upload, compute and read-back, and measures both sync modes and kernel time', async () => {
    const before = tf.memory().numTensors;
    const { lab: job } = await new RecordingOwner().run({ kind: 'anatomy', settings: { ...MLP, anatomyBackend: 'cpu', syncSteps: 4, everyK: 2 } });
    expect(tf.memory().numTensors).toBe(before);
    const a = job.anatomy;
    expect(a).toMatchObject({ backend: 'cpu', batchSize: 16, uploadBytes: 16 * (784 + 10) * 4, readBackBytes: 16 * 10 * 4, sync: { steps: 4, everyK: 2 }, kernelTiming: { source: 'cpu-clock' } });
    expect(a?.computeMs).toBeGreaterThan(0);
    expect(a?.kernelMs).toBeGreaterThan(0);
    expect(a?.sync.syncEveryStepMs).toBeGreaterThan(0);
  });

  it('profiles one step: conv kernels grouped, shares adding up to one', async () => {
    const { lab: job } = await new RecordingOwner().run({ kind: 'profile', settings: { ...MLP, model: 'tiny', batchSize: 4, profileBackend: 'cpu' } });
    const p = job.profile;
    expect(p?.kernelTiming.source).toBe('cpu-clock');
    const conv = p?.kernels.find((k) => k.name === 'Conv2D');
    expect(conv?.count).toBe(2); // two conv layers, forward pass
    expect(p?.kernels.reduce((s, k) => s + k.count, 0)).toBe(p?.kernelCount);
    expect(p?.kernels.reduce((s, k) => s + (k.share ?? 0), 0)).toBeCloseTo(1, 6);
    expect(p?.peakBytes).toBeGreaterThan(0);
  });

  it('reports the device in Node with WebGPU and WebGL marked not available', async () => {
    const { lab: job } = await new RecordingOwner().run({ kind: 'deviceReport' });
    const report = job.deviceReport?.report;
    expect(report?.webgpu.status).toBe('not available');
    expect(report?.tfjs.versions['tfjs-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(job.deviceReport?.backends.find((b) => b.name === 'cpu')?.available).toBe(true);
    expect(job.deviceReport?.backends.find((b) => b.name === 'webgl')?.available).toBe(false);
  });
});
