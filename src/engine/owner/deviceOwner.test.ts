import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import { defaultLabSettings } from '../../config/labConfig';
import type { JobRequest, OwnerEvent } from '../protocol/jobs';
import { nodeDatasets, RecordingOwner } from '../testing/nodeHost';
import { DeviceOwner, type JobContext } from './deviceOwner';

/** Real jobs on the dense MLP: the protocol is the point, not the model, and the tiny CNN's convolution gradients take seconds a step on the plain-JS cpu backend. */
const RUN = { ...defaultCnnConfig(), backend: 'cpu' as const, model: 'mlp' as const, batchSize: 16, epochs: 1, trainExamples: 160, testExamples: 100 };
const RACE = { ...defaultLabSettings(), model: 'mlp' as const, batchSize: 16, warmupSteps: 1, measuredSteps: 3, backends: ['cpu' as const] };

/** A stand-in job that waits until told to finish (or fail), so the tests decide when the device frees up. */
class Gate {
  readonly started: string[] = [];
  private readonly open = new Map<string, (fail?: string) => void>();

  runner = async (request: JobRequest, ctx: JobContext): Promise<void> => {
    const name = request.kind === 'train' ? `train-${request.config.seed}` : request.kind;
    this.started.push(name);
    await new Promise<void>((resolve, reject) => {
      this.open.set(name, (fail) => (fail ? reject(new Error(fail)) : resolve()));
      ctx.token.attach({ stop: () => resolve() });
    });
  };

  finish(name: string, fail?: string): void {
    this.open.get(name)?.(fail);
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const train = (seed: number): JobRequest => ({ kind: 'train', config: { ...RUN, seed } });

function ownerWith(gate: Gate) {
  const sent: OwnerEvent[] = [];
  const owner = new DeviceOwner(gate.runner, (event) => sent.push(event));
  const ended = () => sent.flatMap((e) => (e.type === 'ended' ? [[e.id, e.outcome.status]] : []));
  const lastQueue = () => [...sent].reverse().find((e) => e.type === 'queue');
  return { owner, sent, ended, lastQueue };
}

describe('the device owner queue', () => {
  it('runs jobs one at a time, in the order they came, and shows who waits where', async () => {
    const gate = new Gate();
    const { owner, ended, lastQueue } = ownerWith(gate);
    owner.submit(1, train(1));
    owner.submit(2, { kind: 'race', settings: RACE });
    owner.submit(3, train(3));
    await flush();
    expect(gate.started).toEqual(['train-1']);
    expect(lastQueue()).toEqual({
      type: 'queue',
      entries: [
        { id: 1, kind: 'train', name: 'the CNN training run', view: 'train', status: 'running', position: 0 },
        { id: 2, kind: 'race', name: 'the race', view: 'lab', status: 'queued', position: 1 },
        { id: 3, kind: 'train', name: 'the CNN training run', view: 'train', status: 'queued', position: 2 },
      ],
    });
    gate.finish('train-1');
    await flush();
    expect(gate.started).toEqual(['train-1', 'race']);
    gate.finish('race');
    await flush();
    gate.finish('train-3');
    await flush();
    expect(ended()).toEqual([
      [1, 'done'],
      [2, 'done'],
      [3, 'done'],
    ]);
    expect(lastQueue()).toEqual({ type: 'queue', entries: [] });
  });

  it('drops a queued job on cancel without running it, and stops the running one', async () => {
    const gate = new Gate();
    const { owner, ended } = ownerWith(gate);
    owner.submit(1, train(1));
    owner.submit(2, train(2));
    owner.submit(3, train(3));
    await flush();
    owner.cancel(2);
    expect(ended()).toEqual([[2, 'cancelled']]);
    owner.cancel(1);
    await flush();
    expect(gate.started).toEqual(['train-1', 'train-3']);
    expect(ended()).toEqual([
      [2, 'cancelled'],
      [1, 'cancelled'],
    ]);
    owner.cancel(99);
    gate.finish('train-3');
    await flush();
    expect(ended().at(-1)).toEqual([3, 'done']);
  });

  it('ends a failing job with its message and goes on with the next', async () => {
    const gate = new Gate();
    const { owner, sent } = ownerWith(gate);
    owner.submit(1, train(1));
    owner.submit(2, train(2));
    await flush();
    gate.finish('train-1', 'Could not start the webgpu backend');
    await flush();
    expect(sent.find((e) => e.type === 'ended' && e.id === 1)).toMatchObject({ outcome: { status: 'error', message: { id: 'error.unexpected', values: { detail: 'Could not start the webgpu backend' } } } });
    expect(gate.started).toEqual(['train-1', 'train-2']);
  });

  it('passes controls to the running job only', async () => {
    const controls: string[] = [];
    const sent: OwnerEvent[] = [];
    let release = () => undefined as void;
    const owner = new DeviceOwner(async (_request, ctx) => {
      ctx.onControl((c) => controls.push(c.action));
      await new Promise<void>((resolve) => (release = resolve));
    }, (e) => sent.push(e));
    owner.submit(1, train(1));
    owner.submit(2, train(2));
    await flush();
    owner.control(1, { action: 'pause' });
    owner.control(2, { action: 'resume' });
    expect(controls).toEqual(['pause']);
    release();
  });
});

describe('the device owner running real jobs on cpu', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
    await nodeDatasets.get('mnist', { train: 2048, test: 100 }, () => undefined);
  });

  it('never lets two jobs hold the device at once, and each job reports only its own figures', async () => {
    const owner = new RecordingOwner();
    const before = tf.memory().numTensors;
    // Submitted together, as two views would: a training run, a race, and a second run.
    const jobs = [owner.submit(train(7)), owner.submit({ kind: 'race', settings: RACE }), owner.submit(train(8))];
    const done = await Promise.all(jobs.map((j) => j.ended));
    expect(done.map((j) => j.outcome?.status)).toEqual(['done', 'done', 'done']);
    const spans = done.map((j) => j.span).filter((s): s is NonNullable<typeof s> => s !== null);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i++) expect(spans[i].startedAt).toBeGreaterThanOrEqual(spans[i - 1].endedAt);
    // The race's rows come only from the race; the runs' metrics only from the runs.
    expect(done[1].lab.raceRows).toHaveLength(1);
    expect(done[0].events.some((e) => e.type === 'raceRow')).toBe(false);
    const trainSteps = done[0].events.flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : []));
    expect(trainSteps.at(-1)).toBe(10); // 160 examples / batch 16, one epoch
    expect(tf.memory().numTensors).toBe(before);
  });

  it('stops a running training job between its steps and frees the device for the next', async () => {
    const owner = new RecordingOwner();
    const first = owner.submit({ kind: 'train', config: { ...RUN, epochs: 50 } }, (event, id) => {
      if (event.type === 'metrics' && event.points.some((p) => p.step >= 3)) owner.owner.cancel(id);
    });
    const second = owner.submit({ kind: 'race', settings: RACE });
    const [stopped, raced] = await Promise.all([first.ended, second.ended]);
    expect(stopped.outcome).toEqual({ status: 'cancelled' });
    expect(stopped.events).toContainEqual({ type: 'state', state: 'stopped' });
    expect(raced.outcome).toEqual({ status: 'done' });
    expect((raced.span?.startedAt ?? 0) >= (stopped.span?.endedAt ?? Infinity)).toBe(true);
  });
});
