import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import { DeviceClient } from '../../engine/client/deviceClient';
import type { ConfusionResult, ModelSource, Prediction } from '../../engine/protocol/inspect';
import { SettingsStore } from '../../share/settingsStore';
import { FakeHost } from '../../share/testing/fakeHost';
import { RunStore } from '../runStore';
import { TrainingSession } from '../session';
import { FakeOwnerPort, immediately } from '../testing/fakeOwner';
import { InspectSession } from './inspectSession';
import { msg } from '../../i18n/message';
import { SHIPPED_IMAGE_SHAPE } from '../../config/imageShape';

const SOURCE: ModelSource = { kind: 'running', description: msg('engine.inspect.savedClassifier'), dataset: 'mnist', backend: 'cpu' };
const pixels = () => new Float32Array(784);
const INK = { width: 2, height: 2, channels: 1, pixels: new Uint8Array(4) };

function setup(hash = '#v=4&w=cnn&backend=cpu&dataset=fashion-mnist') {
  const port = new FakeOwnerPort();
  const client = new DeviceClient(() => port);
  const cnn = new TrainingSession(client, 'loss', new RunStore('loss', immediately));
  const inspect = new InspectSession(client, cnn, new SettingsStore(new FakeHost(hash)), immediately);
  inspect.start();
  return { port, cnn, inspect };
}

function prediction(request: number, source = SOURCE): Prediction {
  return { request, probabilities: [0.1, 0.9, 0, 0, 0, 0, 0, 0, 0, 0], source, input: new Uint8Array(784) };
}

function confusion(epoch: number | null): ConfusionResult {
  return { source: SOURCE, epoch, step: epoch === null ? null : 10 * epoch, counts: [[1]], examples: 1, shape: SHIPPED_IMAGE_SHAPE, worst: [] };
}

/** A CNN run that holds the device and is training. */
function training(port: FakeOwnerPort, cnn: TrainingSession): number {
  cnn.start({ ...defaultCnnConfig(), model: 'tiny' });
  const { id } = port.lastSubmit();
  port.run(id);
  port.event(id, { type: 'state', state: 'training' });
  return id;
}

describe('the look inside the model, outside React', () => {
  it('asks a CNN being trained through its run’s controls, and takes its answer', () => {
    const { port, cnn, inspect } = setup();
    const id = training(port, cnn);
    inspect.predict(pixels(), INK);
    expect(port.commands.at(-1)).toMatchObject({ type: 'control', id, control: { action: 'inspect', query: { what: 'predict', request: 1 } } });
    expect(inspect.getSnapshot().pending.predict).toBe(true);
    port.event(id, { type: 'prediction', prediction: prediction(1) });
    expect(inspect.getSnapshot()).toMatchObject({ results: { prediction: { request: 1 } }, pending: {} });
  });

  it('takes the confusion matrix a run sends at its epoch ends, and a run’s failure to answer', () => {
    const { port, cnn, inspect } = setup();
    const id = training(port, cnn);
    port.event(id, { type: 'confusion', result: confusion(1) });
    expect(inspect.getSnapshot().results.confusion?.epoch).toBe(1);
    inspect.ask({ what: 'summary' });
    const pause = msg('engine.inspect.pauseToProfile');
    port.event(id, { type: 'inspectFailed', what: 'summary', message: pause });
    expect(inspect.getSnapshot()).toMatchObject({ results: { failed: { summary: pause } }, pending: {} });
  });

  it('otherwise queues an inspect job for the CNN form’s data set and backend; a job that fails says why', () => {
    const { port, inspect } = setup();
    inspect.ask({ what: 'confusion' });
    const { id, request } = port.lastSubmit();
    expect(request).toEqual({ kind: 'inspect', query: { what: 'confusion' }, dataset: 'fashion-mnist', backend: 'cpu' });
    port.run(id, 'inspect');
    port.event(id, { type: 'confusion', result: confusion(null) });
    port.end(id);
    expect(inspect.getSnapshot()).toMatchObject({ results: { confusion: { epoch: null } }, pending: {} });
    inspect.ask({ what: 'filters', testImage: 3 });
    const none = msg('engine.inspect.noModel');
    port.end(port.lastSubmit().id, { status: 'error', message: none });
    expect(inspect.getSnapshot()).toMatchObject({ results: { failed: { filters: none } }, pending: {} });
  });

  it('drops a prediction still waiting in the queue when a newer drawing comes, and keeps the newer one pending', () => {
    const { port, inspect } = setup();
    inspect.predict(pixels(), INK);
    const first = port.lastSubmit().id;
    inspect.predict(pixels(), INK);
    const second = port.lastSubmit().id;
    expect(port.commands).toContainEqual({ type: 'cancel', id: first });
    port.end(first, { status: 'cancelled' });
    expect(inspect.getSnapshot().pending.predict).toBe(true);
    port.run(second, 'inspect');
    port.event(second, { type: 'prediction', prediction: prediction(2, { ...SOURCE, kind: 'finished' }) });
    expect(inspect.getSnapshot()).toMatchObject({ results: { prediction: { request: 2, source: { kind: 'finished' } } }, pending: {} });
  });

  it('never lets an older prediction replace a newer one', () => {
    const { port, cnn, inspect } = setup();
    const id = training(port, cnn);
    inspect.predict(pixels(), INK);
    inspect.predict(pixels(), INK);
    port.event(id, { type: 'prediction', prediction: prediction(2) });
    port.event(id, { type: 'prediction', prediction: prediction(1) });
    expect(inspect.getSnapshot().results.prediction?.request).toBe(2);
  });
});
