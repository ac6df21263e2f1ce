import { describe, expect, it } from 'vitest';
import type { MetricsPoint } from '../engine/protocol/training';
import { RunStore } from './runStore';
import { immediately } from './testing/fakeOwner';
import { msg } from '../i18n/message';

function point(step: number, loss: number, numTensors = 40, warmup = false): MetricsPoint {
  return { step, epoch: 1, stepsInWindow: 1, scalars: { loss }, warmup, stepMs: 10, examplesPerSec: 100, gflops: 1, bytes: 1000, gpuBytes: null, numTensors };
}

describe('the run store', () => {
  it('goes queued, active, then ended, keeping the run’s figures and the first and latest loss', () => {
    const store = new RunStore('loss', immediately);
    expect(store.getSnapshot()).toMatchObject({ phase: 'idle', state: 'idle' });
    store.beginRun();
    expect(store.getSnapshot()).toMatchObject({ phase: 'queued', state: 'idle' });
    store.started();
    expect(store.getSnapshot()).toMatchObject({ phase: 'active', state: 'loading' });
    store.handle({ type: 'state', state: 'training' });
    store.handle({ type: 'metrics', points: [point(1, 2.3, 40, true)] });
    store.handle({ type: 'metrics', points: [point(2, 2.0), point(3, 1.5)] });
    expect(store.getSnapshot()).toMatchObject({ firstLoss: 2.3, latest: { step: 3 } });
    expect(store.metrics.map((p) => p.step)).toEqual([1, 2, 3]);
    store.handle({ type: 'state', state: 'finished' });
    store.ended({ status: 'done' });
    expect(store.getSnapshot()).toMatchObject({ phase: 'ended', state: 'finished', error: null });
  });

  it('keeps the curves when a run lost its GPU and resumes: points after the checkpoint are dropped, the first loss stays', () => {
    const store = new RunStore('loss', immediately);
    store.beginRun();
    store.handle({ type: 'metrics', points: [point(1, 2.3), point(5, 2.0), point(8, 1.8)] });
    const checkpoint = { id: 'memory-1', step: 5, epoch: 1, createdAt: '2026-11-23T00:00:00.000Z' };
    store.handle({ type: 'checkpoint', checkpoint });
    const lost = msg('engine.lost.resumable', { lost: msg('engine.lost.webgl'), step: 8, checkpoint: 5, device: msg('backend.webgl.device') });
    store.handle({ type: 'deviceLost', message: lost, resumeFrom: checkpoint });
    store.ended({ status: 'error', message: lost });
    expect(store.getSnapshot().deviceLost?.resumeFrom).toEqual(checkpoint);
    store.beginResume();
    expect(store.getSnapshot()).toMatchObject({ phase: 'queued', error: null, deviceLost: null, firstLoss: 2.3 });
    store.handle({ type: 'resumed', from: checkpoint });
    expect(store.metrics.map((p) => p.step)).toEqual([1, 5]);
    store.handle({ type: 'metrics', points: [point(6, 1.9)] });
    expect(store.metrics.map((p) => p.step)).toEqual([1, 5, 6]);
    expect(store.getSnapshot().firstLoss).toBe(2.3);
  });

  it('calls a stopped or dropped run stopped, and a failed one an error with its message', () => {
    const stopped = new RunStore('loss', immediately);
    stopped.beginRun();
    stopped.ended({ status: 'cancelled' });
    expect(stopped.getSnapshot()).toMatchObject({ phase: 'ended', state: 'stopped', error: null });
    const failed = new RunStore('loss', immediately);
    failed.beginRun();
    failed.started();
    const refused = msg('engine.backend.startFailed', { backend: msg('backend.webgpu'), detail: 'no adapter' });
    failed.ended({ status: 'error', message: refused });
    expect(failed.getSnapshot()).toMatchObject({ phase: 'ended', state: 'error', error: refused });
  });

  it('raises the leak alarm when the tensor count grows window after window, and clears it with the next run', () => {
    const store = new RunStore('loss', immediately);
    store.beginRun();
    for (let step = 1; step <= 5; step++) store.handle({ type: 'metrics', points: [point(step, 1, 40 + step * 3, step === 1)] });
    expect(store.getSnapshot().warnings.map((w) => w.id)).toEqual(['engine.train.leak']);
    store.beginRun();
    expect(store.getSnapshot().warnings).toEqual([]);
    expect(store.metrics).toHaveLength(0);
  });

  it('tells its listeners once per frame, however many events arrived', () => {
    const frames: (() => void)[] = [];
    const store = new RunStore('loss', (callback) => frames.push(callback));
    let calls = 0;
    store.subscribe(() => calls++);
    store.beginRun();
    const slow = msg('engine.train.evaluationFailed', { detail: 'slow' });
    store.handle({ type: 'progress', fraction: 0.5, message: msg('engine.data.loadingTrainImages', { dataset: msg('dataset.mnist') }) });
    store.handle({ type: 'warning', message: slow });
    expect(frames).toHaveLength(1);
    frames[0]();
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toMatchObject({ progress: { fraction: 0.5 }, warnings: [slow] });
  });
});
