import { describe, expect, it, vi } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import type { OwnDatasetSummary } from '../../config/datasets';
import { defaultLabSettings } from '../../config/labConfig';
import { DeviceClient } from '../../engine/client/deviceClient';
import { raceRow } from '../../engine/protocol/labFixtures';
import { typicalRaceResult } from '../../share/fixtures/typicalRace';
import { HistoryModel } from '../../share/historyModel';
import { encodeResultLink } from '../../share/linkCodec';
import { SettingsStore } from '../../share/settingsStore';
import { FakeHost } from '../../share/testing/fakeHost';
import { memoryHistory } from '../../share/testing/memoryHistory';
import { LabSession } from '../lab/labSession';
import { RunStore } from '../runStore';
import { TrainingSession } from '../session';
import { FakeOwnerPort, immediately, NODE_BACKENDS } from '../testing/fakeOwner';
import { RunRecorder } from './runRecorder';
import { SharedLink } from './sharedLink';
import { english } from '../../i18n/testing/english';
import { ownSetResult, SHAPES_FACTS, SHAPES_ID, SHAPES_SUMMARY } from '../../share/fixtures/ownDataset';

const DEVICE = { device: { browser: 'Chrome 156', os: 'Linux' }, versions: { app: '0.1.0' } };

/** The page's stores wired as App wires them, over a fake address bar, a fake device owner and an in-memory history. */
function page(hash: string, held: readonly OwnDatasetSummary[] = []) {
  const host = new FakeHost(hash);
  const port = new FakeOwnerPort();
  const device = new DeviceClient(() => port);
  const lab = new LabSession(device, immediately);
  const sessions = { cnn: new TrainingSession(device, 'loss', new RunStore('loss', immediately)), gan: new TrainingSession(device, 'dLoss', new RunStore('dLoss', immediately)) };
  const history = new HistoryModel(async () => memoryHistory());
  const settings = new SettingsStore(host);
  const recorder = new RunRecorder({ sessions, lab, history, device: async () => DEVICE, ownDataset: (id) => held.find((d) => d.id === id) });
  const shared = new SharedLink({ settings, device, lab, sessions, recorder, history, ownDatasets: async () => held });
  recorder.start();
  shared.start();
  device.detect();
  port.send({ type: 'backends', backends: NODE_BACKENDS });
  return { host, port, lab, sessions, history, settings, recorder, shared };
}

describe('a shared link on the page', () => {
  it('says a damaged result is damaged, and drops the message once the address bar holds a clean link', async () => {
    const p = page('#v=2&w=cnn&r=AAAA');
    await vi.waitFor(() => expect(english(p.shared.getSnapshot().errors)).toEqual([expect.stringContaining('The shared result is damaged')]));
    expect(p.settings.getSnapshot().resultPayload).toBeNull();
    p.host.navigate('#v=2&w=cnn&seed=7');
    expect(p.shared.getSnapshot().errors).toEqual([]);
    expect(p.settings.getSnapshot()).toMatchObject({ linkErrors: [], settings: { view: 'train', cnn: { seed: '7' } } });
  });

  it('shows a shared race without running anything, then races here on the sender’s backends this browser has', async () => {
    const race = typicalRaceResult();
    const p = page(await encodeResultLink(race));
    await vi.waitFor(() => expect(p.shared.getSnapshot()).toMatchObject({ status: 'ready', errors: [] }));
    expect(p.port.submitted()).toEqual([]);
    p.shared.runHere();
    const { id, request } = p.port.lastSubmit();
    // Sent cpu, webgl and webgpu; only cpu is here.
    expect(request).toMatchObject({ kind: 'race', settings: { backends: ['cpu'], warmupSteps: 3, measuredSteps: 20, batchSize: race.config.batchSize } });
    expect(p.shared.getSnapshot().compare).toMatchObject({ status: 'running', kind: 'race' });
    expect(english(p.shared.getSnapshot().compare.note)).toBe('Not available here, so not raced: WebGL, WebGPU');
    expect(p.settings.getSnapshot().settings).toMatchObject({ view: 'lab', lab: { backends: 'cpu', measuredSteps: '20' } });
    p.port.run(id, 'race');
    p.port.event(id, { type: 'raceRow', row: raceRow('cpu', 50) });
    p.port.end(id);
    await vi.waitFor(() => expect(p.shared.getSnapshot().compare.status).toBe('done'));
    expect(p.shared.getSnapshot().compare).toMatchObject({ status: 'done', local: { race: { backends: ['cpu'] }, rows: [{ backend: 'cpu' }] } });
    expect(p.history.getSnapshot().entries.map((e) => e.workload)).toEqual(expect.arrayContaining([expect.stringContaining('(received link)'), expect.not.stringContaining('(received link)')]));
  });

  it('repeats a shared training run on a stand-in backend, says so, and stops it where the sender stopped', async () => {
    const race = typicalRaceResult();
    const run = { ...race, race: null, config: { ...race.config, backend: 'webgl' as const }, rows: race.rows.slice(0, 1), curves: [{ name: 'loss (webgl)', points: [[1, 2], [6, 1]] as [number, number][] }] };
    const p = page(await encodeResultLink(run));
    await vi.waitFor(() => expect(p.shared.getSnapshot().status).toBe('ready'));
    p.shared.runHere();
    const { id, request } = p.port.lastSubmit();
    expect(request).toMatchObject({ kind: 'train', config: { backend: 'wasm' } });
    expect(english(p.shared.getSnapshot().compare.note)).toBe('WebGL is not available here, so it runs on WebAssembly SIMD.');
    p.port.run(id);
    p.port.event(id, { type: 'runInfo', info: { backend: 'wasm', engine: 'tfjs', modelLabel: 'Classic CNN', params: 1, forwardFlopsPerExample: 1, trainFlopsPerExample: 3, stepsPerEpoch: 100, totalSteps: 500, flags: {} } });
    p.port.event(id, { type: 'state', state: 'training' });
    p.port.event(id, { type: 'metrics', points: [{ step: 6, epoch: 1, stepsInWindow: 6, scalars: { loss: 1 }, warmup: false, stepMs: 1, examplesPerSec: 1, gflops: 1, bytes: 1, gpuBytes: null, numTensors: 1 }] });
    expect(p.port.commands.at(-1)).toEqual({ type: 'cancel', id });
  });
});

describe('a shared link of a run on the sender’s own data set', () => {
  it('shows the sender’s result and refuses to run it here, in a sentence naming the set, when this browser lacks it', async () => {
    const p = page(await encodeResultLink(ownSetResult()));
    await vi.waitFor(() => expect(p.shared.getSnapshot()).toMatchObject({ status: 'ready', errors: [], result: { ownDataset: SHAPES_FACTS } }));
    p.shared.runHere();
    await vi.waitFor(() => expect(p.shared.getSnapshot().compare.status).toBe('failed'));
    expect(english(p.shared.getSnapshot().compare.note)).toContain('This browser does not hold Shapes (your own: 28 × 28 grayscale, 3 classes, 96 + 24 images)');
    expect(p.shared.getSnapshot().result?.ownDataset).toEqual(SHAPES_FACTS);
    expect(p.port.submitted()).toEqual([]);
  });

  it('trains on it here when this browser holds it, and the run’s own result names the set again', async () => {
    const p = page(await encodeResultLink(ownSetResult()), [SHAPES_SUMMARY]);
    await vi.waitFor(() => expect(p.shared.getSnapshot().status).toBe('ready'));
    p.shared.runHere();
    await vi.waitFor(() => expect(p.port.submitted()).toHaveLength(1));
    const { id, request } = p.port.lastSubmit();
    expect(request).toMatchObject({ kind: 'train', config: { dataset: SHAPES_ID } });
    p.port.run(id);
    p.port.event(id, { type: 'state', state: 'training' });
    p.port.event(id, { type: 'metrics', points: [{ step: 1, epoch: 1, stepsInWindow: 1, scalars: { loss: 2 }, warmup: true, stepMs: 5, examplesPerSec: 10, gflops: 1, bytes: 1, gpuBytes: null, numTensors: 1 }] });
    p.port.event(id, { type: 'state', state: 'finished' });
    p.port.end(id);
    await vi.waitFor(() => expect(p.shared.getSnapshot().compare.status).toBe('done'));
    expect(p.shared.getSnapshot().compare.local?.ownDataset).toEqual(SHAPES_FACTS);
  });
});

describe('the run recorder', () => {
  it('keeps every ended run and finished race as a shared result in the history', async () => {
    const p = page('');
    p.sessions.cnn.start({ ...defaultCnnConfig(), model: 'tiny' });
    const { id } = p.port.lastSubmit();
    p.port.run(id);
    p.port.event(id, { type: 'state', state: 'training' });
    p.port.event(id, { type: 'metrics', points: [{ step: 1, epoch: 1, stepsInWindow: 1, scalars: { loss: 2 }, warmup: true, stepMs: 5, examplesPerSec: 10, gflops: 1, bytes: 1, gpuBytes: null, numTensors: 1 }] });
    p.port.event(id, { type: 'state', state: 'stopped' });
    p.port.end(id, { status: 'cancelled' });
    await vi.waitFor(() => expect(p.recorder.getSnapshot().cnn).toMatchObject({ status: 'ready', saving: false }));
    expect(p.recorder.getSnapshot().cnn).toMatchObject({ result: { config: { model: 'tiny' }, device: DEVICE.device }, saveError: null });

    const race = p.lab.start('race', { ...defaultLabSettings(), backends: ['cpu'] });
    p.port.run(race, 'race');
    p.port.event(race, { type: 'raceRow', row: raceRow('cpu', 40) });
    p.port.end(race);
    await vi.waitFor(() => expect(p.recorder.getSnapshot().race).toMatchObject({ status: 'ready', saving: false }));
    expect(p.recorder.getSnapshot().race?.result).toMatchObject({ race: { backends: ['cpu'] }, rows: [{ backend: 'cpu' }] });
    expect(p.history.getSnapshot().entries).toHaveLength(2);
  });
});
