import { describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { DeviceClient } from '../../engine/client/deviceClient';
import { encodeCheckpoint } from '../../engine/protocol/checkpointFormat';
import type { CheckpointFile } from '../../engine/protocol/training';
import { memorySlot } from '../../share/testing/memorySlot';
import { UnfinishedRunSlot } from '../../share/unfinishedRun';
import { RunStore } from '../runStore';
import { TrainingSession } from '../session';
import { FakeOwnerPort, immediately } from '../testing/fakeOwner';
import { UnfinishedRunSession } from './unfinishedRunSession';
import { english } from '../../i18n/testing/english';
import { storageError } from '../../share/historyStore';

const CONFIG: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'tiny', epochs: 3 };
const CURVE: [number, number][] = [
  [1, 2.3],
  [20, 1.1],
];

function fileAt(step: number): CheckpointFile {
  const bytes = encodeCheckpoint({
    createdAt: '2025-01-01T12:00:00.000Z',
    config: CONFIG,
    progress: { step, epoch: 1, streamPosition: step, optimizerIterations: step },
    summary: { lastLoss: 1.1, lastEval: null, curve: CURVE },
    tensors: [{ name: 'dense/kernel', group: 'weights', shape: [1], values: Float32Array.of(1) }],
  }).buffer as ArrayBuffer;
  return { bytes, step, epoch: 1, reason: 'epochEnd' };
}

/** Lets the slot's queued operations and what follows them run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const port = new FakeOwnerPort();
  const training = new TrainingSession(new DeviceClient(() => port), 'loss', new RunStore('loss', immediately));
  const storage = memorySlot();
  const slot = new UnfinishedRunSlot(async () => storage);
  const unfinished = new UnfinishedRunSession(training, slot);
  return { port, training, storage, slot, unfinished };
}

describe('the unfinished run of the Train view', () => {
  it('keeps each checkpoint file of the run in the slot, and clears it when the run finishes', async () => {
    const { port, training, slot, unfinished } = setup();
    training.start(CONFIG);
    const { id } = port.lastSubmit();
    port.run(id);
    port.event(id, { type: 'checkpointFile', file: fileAt(20) });
    await settle();
    expect((await slot.read()).status).toBe('ready');
    expect(unfinished.getSnapshot().saved).toMatchObject({ step: 20, epoch: 1, reason: 'epochEnd' });
    port.event(id, { type: 'state', state: 'finished' });
    port.end(id);
    await settle();
    expect(await slot.read()).toEqual({ status: 'empty' });
    expect(unfinished.getSnapshot().saved).toBeNull();
  });

  it('a stopped run keeps its checkpoint; a finished run that wrote none leaves the slot alone', async () => {
    const { port, training, slot } = setup();
    training.start(CONFIG);
    const first = port.lastSubmit().id;
    port.run(first);
    port.event(first, { type: 'checkpointFile', file: fileAt(20) });
    port.event(first, { type: 'state', state: 'stopped' });
    port.end(first);
    await settle();
    training.start(CONFIG);
    const second = port.lastSubmit().id;
    port.run(second);
    port.event(second, { type: 'state', state: 'finished' });
    port.end(second);
    await settle();
    expect((await slot.read()).status).toBe('ready');
  });

  it('offers what the slot held; Resume starts it with its bytes and settings, its loss curve drawn first', async () => {
    const { port, training, slot, unfinished } = setup();
    await slot.write(fileAt(20).bytes);
    await unfinished.load();
    const { offer } = unfinished.getSnapshot();
    expect(offer.status).toBe('ready');
    unfinished.resume();
    const { id, request } = port.lastSubmit();
    expect(request).toMatchObject({ kind: 'train', config: CONFIG });
    expect(request.kind === 'train' && request.resume?.byteLength).toBe(fileAt(20).bytes.byteLength);
    expect(training.store.priorCurves).toEqual({ loss: CURVE });
    expect(training.store.getSnapshot().firstLoss).toBe(2.3);
    expect(unfinished.getSnapshot().offer).toEqual({ status: 'empty' });
    // The resumed run finishing clears the slot, though it wrote nothing new.
    port.run(id);
    port.event(id, { type: 'state', state: 'finished' });
    port.end(id);
    await settle();
    expect(await slot.read()).toEqual({ status: 'empty' });
  });

  it('shows a damaged record with the validator’s message; Discard empties the slot', async () => {
    const { storage, slot, unfinished } = setup();
    storage.record = { savedAt: '2025-01-01T12:00:00.000Z', bytes: fileAt(20).bytes.slice(0, 40) };
    await unfinished.load();
    const { offer } = unfinished.getSnapshot();
    expect(offer.status === 'damaged' && english(offer.error)).toMatch(/^Not a usable checkpoint: /);
    unfinished.resume();
    await unfinished.discard();
    expect(unfinished.getSnapshot().offer).toEqual({ status: 'empty' });
    expect(await slot.read()).toEqual({ status: 'empty' });
  });

  it('says so when the browser storage cannot be read, and the page goes on', async () => {
    const port = new FakeOwnerPort();
    const training = new TrainingSession(new DeviceClient(() => port), 'loss', new RunStore('loss', immediately));
    const unfinished = new UnfinishedRunSession(training, new UnfinishedRunSlot(() => Promise.reject(storageError(new Error('blocked')))));
    await unfinished.load();
    expect(unfinished.getSnapshot()).toMatchObject({ offer: { status: 'empty' } });
    expect(english(unfinished.getSnapshot().error)).toBe('The unfinished run kept in this browser could not be read: Browser storage failed: blocked');
    training.start(CONFIG);
    expect(port.lastSubmit().request.kind).toBe('train');
  });
});
