import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../config/cnnConfig';
import { DeviceClient } from '../engine/client/deviceClient';
import { encodeCheckpoint, type Checkpoint } from '../engine/protocol/checkpointFormat';
import { sampleCnnCheckpoint, sampleGanCheckpoint } from '../engine/protocol/checkpointFixtures';
import { RunStore } from './runStore';
import { TrainingSession } from './session';
import { FakeOwnerPort, immediately } from './testing/fakeOwner';
import { msg } from '../i18n/message';

const bytesOf = (checkpoint: Checkpoint): ArrayBuffer => encodeCheckpoint(checkpoint).buffer as ArrayBuffer;

function setup() {
  const port = new FakeOwnerPort();
  const client = new DeviceClient(() => port);
  const session = new TrainingSession(client, 'loss', new RunStore('loss', immediately));
  return { port, client, session, store: session.store };
}

describe('a view’s training session', () => {
  it('queues a run with the device owner, shows it waiting, then running, and remembers what it ran', () => {
    const { port, session, store } = setup();
    const config = { ...defaultCnnConfig(), model: 'tiny' as const };
    const runId = session.start(config);
    const { id, request } = port.lastSubmit();
    expect(request).toEqual({ kind: 'train', config });
    expect(session.job).toBe(id);
    expect(store.getSnapshot().phase).toBe('queued');
    port.run(id);
    expect(store.getSnapshot()).toMatchObject({ phase: 'active', state: 'loading' });
    port.event(id, { type: 'state', state: 'training' });
    expect(store.getSnapshot().state).toBe('training');
    expect(session.configOf(runId)).toEqual(config);
    port.end(id, { status: 'done' });
    expect(session.job).toBeNull();
  });

  it('sends pause, step and evaluate to its own job, and Stop as a cancel (which also drops it from the queue)', () => {
    const { port, session } = setup();
    session.start(defaultCnnConfig());
    const { id } = port.lastSubmit();
    session.pause();
    session.step('generator');
    session.evaluate();
    session.stop();
    expect(port.commands.slice(-4)).toEqual([
      { type: 'control', id, control: { action: 'pause' } },
      { type: 'control', id, control: { action: 'step', part: 'generator' } },
      { type: 'control', id, control: { action: 'evaluate' } },
      { type: 'cancel', id },
    ]);
  });

  it('a continued run draws its checkpoint’s curves first: a CNN’s loss, a GAN’s D and G losses; a damaged file none', () => {
    const port = new FakeOwnerPort();
    const client = new DeviceClient(() => port);
    const cnn = new TrainingSession(client, 'loss', new RunStore('loss', immediately));
    const gan = new TrainingSession(client, 'dLoss', new RunStore('dLoss', immediately));
    const cnnFile = sampleCnnCheckpoint();
    cnn.start(cnnFile.config, bytesOf(cnnFile));
    expect(cnn.store.priorCurves).toEqual({ loss: cnnFile.summary.curve });
    const ganFile = sampleGanCheckpoint();
    const bytes = bytesOf(ganFile);
    gan.start(ganFile.config, bytes);
    expect(port.lastSubmit().request).toEqual({ kind: 'train', config: ganFile.config, resume: bytes });
    expect(gan.store.priorCurves).toEqual({ dLoss: ganFile.summary.dLossCurve, gLoss: ganFile.summary.gLossCurve });
    expect(gan.store.getSnapshot().firstLoss).toBe(1.4);
    gan.start(ganFile.config, bytes.slice(0, 40));
    expect(gan.store.priorCurves).toEqual({});
    gan.start(ganFile.config);
    expect(gan.store.priorCurves).toEqual({});
  });

  it('ignores the events of an earlier run once a new one started', () => {
    const { port, session, store } = setup();
    session.start(defaultCnnConfig());
    const first = port.lastSubmit().id;
    port.end(first, { status: 'cancelled' });
    session.start(defaultCnnConfig());
    port.event(first, { type: 'warning', message: msg('engine.train.onlyCnnInspect') });
    expect(store.getSnapshot().warnings).toEqual([]);
  });
});

describe('reset (presentation mode’s r)', () => {
  it('stops the run, clears the view back to no run, and ignores the old run’s late events', () => {
    const { port, session, store } = setup();
    session.start(defaultCnnConfig());
    const { id } = port.lastSubmit();
    port.run(id);
    port.event(id, { type: 'state', state: 'training' });
    session.reset();
    expect(port.commands.at(-1)).toEqual({ type: 'cancel', id });
    expect(store.getSnapshot()).toMatchObject({ phase: 'idle', state: 'idle', latest: null });
    expect(session.job).toBeNull();
    port.event(id, { type: 'state', state: 'stopped' });
    port.end(id, { status: 'cancelled' });
    expect(store.getSnapshot()).toMatchObject({ phase: 'idle', state: 'idle' });
  });

  it('after a GPU error under the app’s engine, resumes from its checkpoint on TensorFlow.js’s kernels, the curves kept; with none, trains it again there from what it continued', () => {
    const { port, session, store } = setup();
    const file = sampleCnnCheckpoint();
    const bytes = bytesOf(file);
    const config = { ...file.config, gpuEngine: 'app' as const };
    session.start(config, bytes);
    const first = port.lastSubmit().id;
    port.run(first);
    port.event(first, { type: 'metrics', points: [{ step: 4, epoch: 1, stepsInWindow: 4, scalars: { loss: 1 }, warmup: false, stepMs: 1, examplesPerSec: 1, gflops: 1, bytes: 1, gpuBytes: null, numTensors: 1 }] });
    const checkpoint = { id: 'memory-3', step: 4, epoch: 1, createdAt: '2026-11-23T00:00:00.000Z' };
    const said = msg('engine.gpu.error.resumable', { where: msg('engine.gpu.error.aStep'), step: 6, detail: 'lost', checkpoint: 4 });
    port.event(first, { type: 'gpuError', message: said, resumeFrom: checkpoint, resumeOn: 'tfjs' });
    port.end(first, { status: 'error', message: said });
    expect(store.getSnapshot()).toMatchObject({ phase: 'ended', error: said, gpuError: { resumeFrom: checkpoint, resumeOn: 'tfjs' }, deviceLost: null });

    session.resumeFrom(checkpoint, 'tfjs');
    expect(port.lastSubmit().request).toEqual({ kind: 'train', config: { ...config, gpuEngine: 'tfjs' }, recover: { checkpointId: 'memory-3' } });
    expect(store.getSnapshot()).toMatchObject({ phase: 'queued', error: null, gpuError: null });
    expect(store.metrics.map((p) => p.step)).toEqual([4]);

    // No checkpoint yet: the same run again from its start (here the saved model it continued), on TensorFlow.js's kernels.
    const second = port.lastSubmit().id;
    port.run(second);
    port.event(second, { type: 'gpuError', message: said, resumeFrom: null, resumeOn: 'tfjs' });
    port.end(second, { status: 'error', message: said });
    session.trainAgainOn('tfjs');
    expect(port.lastSubmit().request).toEqual({ kind: 'train', config: { ...config, gpuEngine: 'tfjs' }, resume: bytes });
  });
});
