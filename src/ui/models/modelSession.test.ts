import { describe, expect, it } from 'vitest';
import { DeviceClient } from '../../engine/client/deviceClient';
import { encodeCheckpoint } from '../../engine/protocol/checkpointFormat';
import { sampleGanCheckpoint } from '../../engine/protocol/checkpointFixtures';
import type { ModelStore, SavedModelEntry } from '../../share/modelStore';
import { readSavedFile } from '../../share/savedModels';
import { sampleCheckpoint } from '../../share/fixtures/savedModel';
import { defaultGanConfig } from '../../config/ganConfig';
import { SavedModelsModel } from '../../share/savedModelsModel';
import { RunStore } from '../runStore';
import { TrainingSession } from '../session';
import { FakeOwnerPort, immediately } from '../testing/fakeOwner';
import { Translator } from '../../i18n/translator';
import { msg, MessageError, type Message } from '../../i18n/message';
import { ModelSession } from './modelSession';

const en = new Translator('en');
const zh = new Translator('zh-CN');
const english = (message: Message | null) => (message ? en.say(message) : null);
const file = (name: string): Message => msg('models.source.file', { name });

function memoryModels(): ModelStore & { added: { bytes: ArrayBuffer; runCreatedAt: string | null }[] } {
  const entries: SavedModelEntry[] = [];
  const added: { bytes: ArrayBuffer; runCreatedAt: string | null }[] = [];
  return {
    added,
    async add(entry) {
      const reading = readSavedFile(entry.bytes);
      if (!reading.ok) throw new MessageError(reading.error);
      added.push(entry);
      const stored = { id: `m${entries.length}`, createdAt: new Date().toISOString(), header: reading.header, ...entry };
      entries.push(stored);
      return stored;
    },
    list: async () => [...entries],
    remove: async () => undefined,
  };
}

function setup() {
  const port = new FakeOwnerPort();
  const client = new DeviceClient(() => port);
  const cnn = new TrainingSession(client, 'loss', new RunStore('loss', immediately));
  const gan = new TrainingSession(client, 'dLoss', new RunStore('dLoss', immediately));
  const store = memoryModels();
  const session = new ModelSession(client, cnn, gan, new SavedModelsModel(async () => store), (kind) => (kind === 'cnn' ? '2025-02-01T00:00:00.000Z' : '2025-02-02T00:00:00.000Z'));
  return { port, cnn, gan, store, session };
}

const gpck = (): ArrayBuffer => encodeCheckpoint(sampleCheckpoint()).buffer as ArrayBuffer;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A CNN run that trains 3 steps and finishes. */
function finishRun(port: FakeOwnerPort, cnn: TrainingSession): void {
  cnn.start(sampleCheckpoint().config);
  const { id } = port.lastSubmit();
  port.run(id);
  port.event(id, { type: 'metrics', points: [{ step: 3, epoch: 1, stepsInWindow: 3, scalars: { loss: 1 }, warmup: false, stepMs: 1, examplesPerSec: 1, gflops: 1, bytes: 0, gpuBytes: null, numTensors: 1 }] });
  port.event(id, { type: 'state', state: 'finished' });
  port.end(id);
}

describe('the page’s trained model', () => {
  it('offers the last CNN run for saving, saves it through the worker into the store beside its run; a GAN run replaces it (export only)', async () => {
    const { port, cnn, gan, store, session } = setup();
    expect(session.getSnapshot().kept).toBeNull();
    finishRun(port, cnn);
    expect(session.getSnapshot().kept).toBe('run');

    const saving = session.saveToBrowser();
    const { id, request } = port.lastSubmit();
    expect(request).toEqual({ kind: 'saveModel' });
    port.run(id, 'saveModel');
    const bytes = gpck();
    port.event(id, { type: 'model', result: { kind: 'file', bytes, config: sampleCheckpoint().config, step: 3, testAccuracy: 0.625 } });
    port.end(id);
    await saving;
    expect(store.added).toEqual([{ bytes, runCreatedAt: '2025-02-01T00:00:00.000Z' }]);
    expect(session.getSnapshot()).toMatchObject({ busy: null, error: null });
    expect(english(session.getSnapshot().note)).toBe('Saved gpu-playground-tiny-mnist-step3.gpck in this browser: the History tab lists it.');

    gan.start(defaultGanConfig());
    const ganRun = port.lastSubmit().id;
    port.run(ganRun);
    expect(session.getSnapshot().kept).toBeNull();
    port.event(ganRun, { type: 'metrics', points: [{ step: 1, epoch: 1, stepsInWindow: 1, scalars: { dLoss: 1 }, warmup: true, stepMs: 1, examplesPerSec: 1, gflops: 1, bytes: 0, gpuBytes: null, numTensors: 1 }] });
    port.event(ganRun, { type: 'state', state: 'stopped' });
    expect(session.getSnapshot().kept).toBe('ganRun');
  });

  it('saves the GAN studio’s last run in this browser beside its run; a saved GAN run loads into the GAN studio, a CNN model’s file is refused there', async () => {
    const { port, gan, store, session } = setup();
    gan.start(defaultGanConfig());
    const run = port.lastSubmit().id;
    port.run(run);
    port.event(run, { type: 'metrics', points: [{ step: 1, epoch: 1, stepsInWindow: 1, scalars: { dLoss: 1 }, warmup: true, stepMs: 1, examplesPerSec: 1, gflops: 1, bytes: 0, gpuBytes: null, numTensors: 1 }] });
    port.event(run, { type: 'state', state: 'finished' });
    port.end(run);
    expect(session.getSnapshot().kept).toBe('ganRun');

    const saving = session.saveToBrowser();
    expect(session.getSnapshot()).toMatchObject({ busy: 'save', scope: 'gan' });
    const { id, request } = port.lastSubmit();
    expect(request).toEqual({ kind: 'saveModel' });
    port.run(id, 'saveModel');
    const file = sampleGanCheckpoint();
    const bytes = encodeCheckpoint(file).buffer as ArrayBuffer;
    port.event(id, { type: 'model', result: { kind: 'file', bytes, config: file.config, step: 50, testAccuracy: null } });
    port.end(id);
    await saving;
    expect(store.added).toEqual([{ bytes, runCreatedAt: '2025-02-02T00:00:00.000Z' }]);
    expect(session.getSnapshot()).toMatchObject({ busy: null, error: null, scope: 'gan' });
    expect(english(session.getSnapshot().note)).toBe('Saved gpu-playground-mlp-mnist-step50.gpck in this browser: the History tab lists it.');

    const source = msg('models.source.browser', { date: '2025-02-03 10:00' });
    session.loadGan(bytes, source);
    expect(session.getSnapshot()).toMatchObject({ ganLoaded: { bytes, source, header: { progress: { step: 50 } } }, loaded: null, scope: 'gan', error: null });
    expect(english(session.getSnapshot().note)).toBe('Loaded from this browser (saved 2025-02-03 10:00).');
    session.loadGan(gpck(), source);
    expect(english(session.getSnapshot().error)).toBe('A continued run keeps the saved run’s settings; these differ: workload.');
    expect(session.getSnapshot().ganLoaded?.bytes).toBe(bytes);
    session.continueGan('wasm');
    expect(port.lastSubmit().request).toEqual({ kind: 'train', config: { ...file.config, backend: 'wasm' }, resume: bytes });
  });

  it("refuses a damaged file with the validator's message and keeps the model it had loaded", () => {
    const { session } = setup();
    session.load(gpck(), file('good.gpck'));
    expect(english(session.getSnapshot().note)).toBe('Loaded from file good.gpck.');
    const loaded = session.getSnapshot().loaded;
    expect(loaded?.header.progress.step).toBe(3);
    session.load(gpck().slice(0, 40), file('bad.gpck'));
    expect(english(session.getSnapshot().error)).toMatch(/^Not a usable checkpoint: it is cut short/);
    expect(session.getSnapshot().loaded).toBe(loaded);
  });

  it('evaluates the loaded model on the backend asked for, shows a refusal from the worker, and continues training it', async () => {
    const { port, session } = setup();
    const bytes = gpck();
    session.load(bytes, file('good.gpck'));

    const failing = session.evaluate('webgl');
    const first = port.lastSubmit();
    expect(first.request).toEqual({ kind: 'evaluateModel', checkpoint: bytes, backend: 'webgl' });
    port.run(first.id, 'evaluateModel');
    const misfit = msg('engine.checkpoint.weightShape', { name: 'conv1/bias', shape: '[2]', expectedName: 'conv1/bias', expected: '[8]' });
    port.end(first.id, { status: 'error', message: misfit });
    await failing;
    expect(session.getSnapshot()).toMatchObject({ error: misfit, evaluation: null, kept: null });
    expect(zh.say(misfit)).toBe('已保存的权重 conv1/bias [2] 与此模型的 conv1/bias [8] 不匹配。');

    const evaluating = session.evaluate('cpu');
    const second = port.lastSubmit();
    port.run(second.id, 'evaluateModel');
    const point = { step: 3, epoch: 1, testLoss: 1.3, testAccuracy: 0.625, examples: 100 };
    port.event(second.id, { type: 'model', result: { kind: 'eval', point, backend: 'cpu', judge: false } });
    port.end(second.id);
    await evaluating;
    expect(session.getSnapshot()).toMatchObject({ evaluation: { point, backend: 'cpu' }, kept: 'loaded', error: null });
    expect(english(session.getSnapshot().note)).toBe('Evaluated on 100 test images on cpu.');

    session.continueTraining('cpu');
    expect(port.lastSubmit().request).toEqual({ kind: 'train', config: { ...sampleCheckpoint().config, backend: 'cpu', epochs: 2 }, resume: bytes });
    expect(english(session.getSnapshot().note)).toBe('Continuing from step 3 on cpu, to epoch 2.');
    await tick();
  });
});

describe('what the model session says', () => {
  it('says its notes and its errors, its own and the worker’s, in the language of the page when shown', async () => {
    const { port, session } = setup();
    session.continueTraining('cpu');
    expect(english(session.getSnapshot().error)).toBe('Load a saved model first.');
    expect(zh.say(session.getSnapshot().error!)).toBe('请先加载一个已保存的模型。');

    session.load(gpck(), { id: 'models.source.browser', values: { date: '2025-02-01 10:00' } });
    expect(english(session.getSnapshot().note)).toBe('Loaded from this browser (saved 2025-02-01 10:00).');
    expect(zh.say(session.getSnapshot().note!)).toBe('已从此浏览器（保存于 2025-02-01 10:00）加载。');

    const evaluating = session.evaluate('cpu');
    const { id } = port.lastSubmit();
    port.run(id, 'evaluateModel');
    port.end(id, { status: 'cancelled' });
    await evaluating;
    expect(english(session.getSnapshot().error)).toBe('Cancelled.');
    expect(zh.say(session.getSnapshot().error!)).toBe('已取消。');
  });
});
