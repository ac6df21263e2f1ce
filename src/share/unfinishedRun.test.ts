import { describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../config/cnnConfig';
import { sampleGanCheckpoint } from '../engine/protocol/checkpointFixtures';
import { encodeCheckpoint, type Checkpoint } from '../engine/protocol/checkpointFormat';
import { memorySlot } from './testing/memorySlot';
import { openSlotStorage, readUnfinishedRun, UnfinishedRunSlot, unfinishedRunText } from './unfinishedRun';
import { english, englishRejection } from '../i18n/testing/english';

const CONFIG: CnnRunConfig = { ...defaultCnnConfig(), model: 'classic', backend: 'webgl', epochs: 5 };

function fileAt(step: number): ArrayBuffer {
  const checkpoint: Checkpoint = {
    createdAt: '2025-01-01T12:00:00.000Z',
    config: CONFIG,
    progress: { step, epoch: Math.ceil(step / 1000), streamPosition: step, optimizerIterations: step },
    summary: { lastLoss: 0.5, lastEval: null, curve: [[step, 0.5]] },
    tensors: [{ name: 'dense/kernel', group: 'weights', shape: [2], values: Float32Array.of(1, 2) }],
  };
  return encodeCheckpoint(checkpoint).buffer as ArrayBuffer;
}

describe('the unfinished-run slot', () => {
  it('is empty at first; holds what was written; a second write replaces the first; clear empties it', async () => {
    const storage = memorySlot();
    const slot = new UnfinishedRunSlot(async () => storage);
    expect(await slot.read()).toEqual({ status: 'empty' });

    await slot.write(fileAt(1000), '2025-01-01T14:02:00.000Z');
    const first = await slot.read();
    expect(first.status === 'ready' && first.run.header.progress.step).toBe(1000);

    const written = await slot.write(fileAt(1876), '2025-01-01T14:03:00.000Z');
    expect(written.header.progress).toMatchObject({ step: 1876, epoch: 2 });
    const second = await slot.read();
    if (second.status !== 'ready') throw new Error(`expected a run, got ${second.status}`);
    expect(second.run.header.progress.step).toBe(1876);
    expect(second.run.savedAt).toBe('2025-01-01T14:03:00.000Z');
    expect(second.run.bytes.byteLength).toBe(fileAt(1876).byteLength);

    await slot.clear();
    expect(await slot.read()).toEqual({ status: 'empty' });
    expect(storage.writes).toBe(2);
  });

  it('runs its operations in the order asked: a clear right after a write wins', async () => {
    const storage = memorySlot();
    const slot = new UnfinishedRunSlot(async () => storage);
    const write = slot.write(fileAt(10));
    const clear = slot.clear();
    await Promise.all([write, clear]);
    expect(await slot.read()).toEqual({ status: 'empty' });
  });

  it('refuses to store bytes that are not a checkpoint, and keeps what it held', async () => {
    const storage = memorySlot();
    const slot = new UnfinishedRunSlot(async () => storage);
    await slot.write(fileAt(10));
    expect(await englishRejection(slot.write(new ArrayBuffer(16)))).toMatch(/^Not a usable checkpoint/);
    expect((await slot.read()).status).toBe('ready');
  });

  it('reports a damaged record with the validator’s sentence, never throws', async () => {
    const storage = memorySlot();
    const slot = new UnfinishedRunSlot(async () => storage);
    const cut = fileAt(10).slice(0, 100);
    storage.record = { savedAt: '2025-01-01T14:02:00.000Z', bytes: cut };
    const reading = await slot.read();
    expect(reading.status).toBe('damaged');
    expect(reading.status === 'damaged' && english(reading.error)).toMatch(/^Not a usable checkpoint: /);
    for (const raw of [42, 'text', { savedAt: 'not a date', bytes: fileAt(10) }, { savedAt: '2025-01-01T14:02:00.000Z', bytes: [1, 2] }]) {
      const damaged = readUnfinishedRun(raw);
      expect(damaged.status === 'damaged' && english(damaged.error)).toBe('The unfinished run stored in this browser is not a record this page wrote.');
    }
    await slot.clear();
    expect(await slot.read()).toEqual({ status: 'empty' });
  });

  it('says what the run is, where it stands and when it was saved', () => {
    const saved = new Date(2025, 0, 1, 14, 2).toISOString();
    const reading = readUnfinishedRun({ savedAt: saved, bytes: fileAt(1876) });
    if (reading.status !== 'ready') throw new Error('expected a run');
    expect(unfinishedRunText(reading.run)).toBe('Classic CNN on WebGL, epoch 2 of 5, step 1,876 (saved 14:02)');
  });

  it('keeps a GAN run in the GAN studio’s slot, said in steps; each slot refuses the other view’s runs and keeps what it held', async () => {
    const gan = encodeCheckpoint(sampleGanCheckpoint()).buffer as ArrayBuffer;
    const ganSlot = new UnfinishedRunSlot(async () => memorySlot(), 'gan');
    const saved = new Date(2025, 0, 1, 14, 2).toISOString();
    await ganSlot.write(gan, saved);
    const reading = await ganSlot.read();
    if (reading.status !== 'ready') throw new Error(`expected a run, got ${reading.status}`);
    expect(unfinishedRunText(reading.run)).toBe('MLP GAN on WebGL, step 50 of 200 (saved 14:02)');
    const refusal = 'A continued run keeps the saved run’s settings; these differ: workload.';
    expect(await englishRejection(ganSlot.write(fileAt(10)))).toBe(refusal);
    expect((await ganSlot.read()).status).toBe('ready');

    const cnnSlot = new UnfinishedRunSlot(async () => memorySlot());
    expect(await englishRejection(cnnSlot.write(gan))).toBe(refusal);
    const stored = readUnfinishedRun({ savedAt: saved, bytes: gan }, 'cnn');
    expect(stored.status === 'damaged' && english(stored.error)).toBe(refusal);
  });

  it('says plainly when the platform has no IndexedDB, and tries to open again next time', async () => {
    expect(typeof indexedDB).toBe('undefined');
    let opens = 0;
    const slot = new UnfinishedRunSlot(() => {
      opens += 1;
      return openSlotStorage('test-unfinished');
    });
    expect(await englishRejection(slot.read())).toBe('This browser has no IndexedDB, so an unfinished run cannot be kept for later');
    expect(await englishRejection(slot.clear())).toContain('no IndexedDB');
    expect(opens).toBe(2);
  });
});
