import { describe, expect, it } from 'vitest';
import { typicalRaceResult } from './fixtures/typicalRace';
import { entryFor, entryTexts, HistoryModel } from './historyModel';
import { Translator } from '../i18n/translator';
import { memoryHistory as memoryStore } from './testing/memoryHistory';
import { english } from '../i18n/testing/english';
import { msg, MessageError } from '../i18n/message';

describe('the page\'s run history', () => {
  const result = typicalRaceResult();

  it('describes an entry by date, device, workload and headline; a received one once, under a stable id', async () => {
    const store = memoryStore();
    const model = new HistoryModel(async () => store);
    expect(await model.add(entryFor(result))).toBeNull();
    expect(await model.add(entryFor(result, 'received-1'))).toBeNull();
    expect(await model.add(entryFor(result, 'received-1'))).toBeNull();
    const { entries } = model.getSnapshot();
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.id === 'received-1')?.workload).toBe(`Race: Classic CNN, MNIST digits, batch 64, 3 warm-up + 20 measured steps on CPU (plain JS), WebGL, WebGPU · TensorFlow.js (received link)`);
    expect(entries[0]).toMatchObject({ createdAt: result.createdAt, device: 'Linux x86_64 · GPU: nvidia lovelace', headline: '1600 examples/s on WebGPU · TensorFlow.js (fastest of 3)' });
    await model.remove('received-1');
    expect(model.getSnapshot().entries).toHaveLength(1);
  });

  it("describes a stored entry afresh in the page's language", () => {
    const zh = new Translator('zh-CN');
    const received = entryTexts({ id: 'received-1', result }, zh);
    expect(received.workload).toMatch(/^竞速：.*（通过链接收到）$/);
    expect(received.headline).toBe('WebGPU · TensorFlow.js 内核 上 1600 样本/秒（3 个中最快）');
    expect(entryTexts({ id: 'h1', result }).workload).toBe(entryFor(result).workload);
  });

  it('reports a full store instead of losing the error, and clears it once storing works again', async () => {
    const store = memoryStore();
    const model = new HistoryModel(async () => store);
    store.full = true;
    const error = await model.add(entryFor(result));
    expect(english(error)).toMatch(/^Browser storage is full/);
    expect(model.getSnapshot()).toMatchObject({ error, entries: [] });
    store.full = false;
    expect(await model.add(entryFor(result))).toBeNull();
    expect(model.getSnapshot().error).toBeNull();
  });

  it('tries to open the store again after a failed open', async () => {
    let attempts = 0;
    const store = memoryStore();
    const model = new HistoryModel(async () => {
      attempts += 1;
      if (attempts === 1) throw new MessageError(msg('check.storage.noHistory'));
      return store;
    });
    await model.refresh();
    expect(model.getSnapshot()).toMatchObject({ loaded: true });
    expect(english(model.getSnapshot().error)).toBe('This browser has no IndexedDB, so run history is unavailable');
    await model.refresh();
    expect(model.getSnapshot()).toMatchObject({ loaded: true, error: null, entries: [] });
    expect(attempts).toBe(2);
  });
});
