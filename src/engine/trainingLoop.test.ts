import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg, type Message } from '../i18n/message';
import { DeviceLostError } from './deviceWatch';
import type { MetricsPoint, RunInfo, RunState } from './protocol/training';
import { TrainingLoop } from './trainingLoop';
import type { TrainingWorkload } from './workloads/types';

/** A workload whose "loss" is the step number, so windows and means can be checked exactly. */
class CountingWorkload implements TrainingWorkload {
  readonly examplesPerStep = 10;
  readonly flopsPerStep = 1e6;
  stepsRun = 0;
  readonly info: RunInfo;
  constructor(stepsPerEpoch: number, epochs: number) {
    this.info = { backend: 'cpu', engine: 'tfjs', modelLabel: 'counter', params: 0, forwardFlopsPerExample: 0, trainFlopsPerExample: 0, stepsPerEpoch, totalSteps: stepsPerEpoch * epochs, flags: {} };
  }
  step() {
    this.stepsRun += 1;
    return { loss: tf.scalar(this.stepsRun) };
  }
  dispose() {}
}

function hooks(points: MetricsPoint[], states: RunState[] = [], epochs: number[] = []) {
  return {
    onState: (s: RunState) => states.push(s),
    onFirstStep: () => undefined,
    onMetrics: (p: MetricsPoint) => points.push(p),
    onEpochEnd: async (epoch: number) => void epochs.push(epoch),
  };
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('TrainingLoop', () => {
  it('runs every step once, reports window means, ends windows at epoch ends, and frees step outputs', async () => {
    const points: MetricsPoint[] = [];
    const epochs: number[] = [];
    const workload = new CountingWorkload(7, 3);
    const before = tf.memory().numTensors;
    const outcome = await new TrainingLoop(workload, hooks(points, [], epochs), { syncIntervalMs: 1e9, maxStepsPerSync: 4 }).run();
    expect(outcome).toBe('finished');
    expect(workload.stepsRun).toBe(21);
    expect(tf.memory().numTensors).toBe(before);
    expect(epochs).toEqual([1, 2, 3]);
    expect(points[0]).toMatchObject({ step: 1, stepsInWindow: 1, warmup: true, scalars: { loss: 1 } });
    expect(points[1]).toMatchObject({ step: 5, stepsInWindow: 4, warmup: false, scalars: { loss: 3.5 } });
    expect(points[2]).toMatchObject({ step: 7, stepsInWindow: 2, scalars: { loss: 6.5 } });
    expect(points.reduce((s, p) => s + p.stepsInWindow, 0)).toBe(21);
  });

  it('never runs a window past the step a task between windows is due at (a checkpoint every 3 steps)', async () => {
    const points: MetricsPoint[] = [];
    const run = { ...hooks(points), stepsToNextTask: (done: number) => 3 - (done % 3) };
    await new TrainingLoop(new CountingWorkload(100, 1), run, { syncIntervalMs: 1e9, maxStepsPerSync: 50 }).run(14);
    expect(points.map((p) => p.step)).toEqual([1, 3, 6, 9, 12, 14]);
  });

  it('keeps warm-up and measured steps in separate windows', async () => {
    const points: MetricsPoint[] = [];
    await new TrainingLoop(new CountingWorkload(100, 1), hooks(points), { syncIntervalMs: 1e9, maxStepsPerSync: 50 }).run(20, 5);
    expect(points.map((p) => p.step)).toEqual([1, 5, 20]);
  });

  it('pauses, single-steps, resumes and stops on request', async () => {
    const points: MetricsPoint[] = [];
    const states: RunState[] = [];
    const workload = new CountingWorkload(1000, 1);
    const loop = new TrainingLoop(workload, hooks(points, states), { syncIntervalMs: 0, maxStepsPerSync: 1 });
    const done = loop.run();
    loop.pause();
    await new Promise((r) => setTimeout(r, 20));
    const pausedAt = workload.stepsRun;
    await new Promise((r) => setTimeout(r, 20));
    expect(workload.stepsRun).toBe(pausedAt);
    expect(states.at(-1)).toBe('paused');
    loop.stepOnce();
    await new Promise((r) => setTimeout(r, 20));
    expect(workload.stepsRun).toBe(pausedAt + 1);
    loop.resume();
    await new Promise((r) => setTimeout(r, 20));
    expect(workload.stepsRun).toBeGreaterThan(pausedAt + 1);
    loop.stop();
    expect(await done).toBe('stopped');
    expect(workload.stepsRun).toBeLessThan(1000);
  });

  it('ends the run with the loss when the device goes while an epoch end, a window hook or a task waits on it (never a hang)', async () => {
    const waits = {
      'an epoch end (its evaluation)': { onEpochEnd: () => new Promise<void>(() => undefined) },
      'a window hook (samples, a checkpoint)': { afterWindow: () => new Promise<void>(() => undefined) },
    };
    for (const [where, hanging] of Object.entries(waits)) {
      let lost: Message | null = null;
      const loop = new TrainingLoop(new CountingWorkload(3, 2), { ...hooks([]), ...hanging, deviceLost: () => lost }, { syncIntervalMs: 1e9, maxStepsPerSync: 4 });
      const done = loop.run();
      setTimeout(() => (lost = msg('engine.lost.webgl')), 100);
      await expect(done, where).rejects.toBeInstanceOf(DeviceLostError);
    }
    let lost: Message | null = null;
    const loop = new TrainingLoop(new CountingWorkload(1000, 1), { ...hooks([]), deviceLost: () => lost }, { syncIntervalMs: 0, maxStepsPerSync: 1 });
    const done = loop.run();
    loop.pause();
    loop.betweenWindows(() => new Promise<void>(() => undefined));
    setTimeout(() => (lost = msg('engine.lost.webgl')), 100);
    await expect(done, 'a task between windows (a checkpoint asked for)').rejects.toBeInstanceOf(DeviceLostError);
  });
});
