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
});
