import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { decodeCheckpoint, isCnnCheckpoint, type CnnCheckpoint } from '../protocol/checkpointFormat';
import type { CheckpointFile } from '../protocol/training';
import { RecordingOwner } from '../testing/nodeHost';
import { MessageError } from '../../i18n/message';

/** 160 / 16 = 10 steps an epoch, 3 epochs; the dense MLP: the protocol is the point, not the model, and the tiny CNN's convolution gradients take seconds a step on the plain-JS cpu backend. */
const RUN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 16, epochs: 3, trainExamples: 160, testExamples: 100, checkpointEvery: 7 };

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function decoded(file: CheckpointFile): CnnCheckpoint {
  const reading = decodeCheckpoint(file.bytes);
  if (!reading.ok) throw new MessageError(reading.error);
  if (!isCnnCheckpoint(reading.checkpoint)) throw new Error('not a CNN checkpoint');
  return reading.checkpoint;
}

describe('the checkpoint files a CNN run sends the page', () => {
  it('sends one at each epoch end but the last, decoding to the epoch’s last step, with the tensor count flat', async () => {
    const owner = new RecordingOwner();
    const files: { file: CheckpointFile; tensors: number }[] = [];
    const tensorsBefore = tf.memory().numTensors;
    const job = await owner.run({ kind: 'train', config: RUN }, (event) => {
      if (event.type === 'checkpointFile') files.push({ file: event.file, tensors: tf.memory().numTensors });
    });
    expect(job.outcome).toEqual({ status: 'done' });
    expect(files.map(({ file }) => [file.step, file.epoch, file.reason])).toEqual([
      [10, 1, 'epochEnd'],
      [20, 2, 'epochEnd'],
    ]);
    for (const { file } of files) {
      const checkpoint = decoded(file);
      expect(checkpoint.progress.step).toBe(file.step);
      expect(checkpoint.progress.epoch).toBe(file.epoch);
      expect(checkpoint.config).toEqual(RUN);
      expect(checkpoint.summary.curve.at(-1)?.[0]).toBe(file.step);
      expect(checkpoint.summary.lastEval?.step).toBe(file.step);
    }
    expect(files[0].tensors).toBe(files[1].tensors);
    expect(tf.memory().numTensors).toBe(tensorsBefore);

    // The epoch-end file continues the run: counted on from its step to the end.
    const resumed = await owner.run({ kind: 'train', config: RUN, resume: files[0].file.bytes });
    expect(resumed.outcome).toEqual({ status: 'done' });
    const steps = resumed.events.flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : []));
    expect(steps[0]).toBe(11);
    expect(steps.at(-1)).toBe(30);
    expect(resumed.events.filter((e) => e.type === 'checkpointFile').map((e) => (e.type === 'checkpointFile' ? e.file.step : 0))).toEqual([20]);
    expect(tf.memory().numTensors).toBe(tensorsBefore);
  }, 300_000);

  it('saves one on demand while paused, at the step the run stands at, and the run goes on', async () => {
    const owner = new RecordingOwner();
    let asked = false;
    const job = owner.submit({ kind: 'train', config: RUN }, (event, id) => {
      if (event.type === 'metrics' && event.points.some((p) => p.step >= 5) && !asked) {
        asked = true;
        owner.owner.control(id, { action: 'pause' });
      }
      if (event.type === 'state' && event.state === 'paused') owner.owner.control(id, { action: 'saveCheckpoint' });
      if (event.type === 'checkpointFile' && event.file.reason === 'asked') owner.owner.control(id, { action: 'resume' });
    });
    const done = await job.ended;
    expect(done.outcome).toEqual({ status: 'done' });
    const lastBeforePause = done.events.findIndex((e) => e.type === 'state' && e.state === 'paused');
    const pausedAt = done.events.slice(0, lastBeforePause).flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : [])).at(-1);
    const asked1 = done.events.flatMap((e) => (e.type === 'checkpointFile' && e.file.reason === 'asked' ? [e.file] : []));
    expect(asked1).toHaveLength(1);
    expect(asked1[0].step).toBe(pausedAt);
    expect(decoded(asked1[0]).progress.step).toBe(pausedAt);
    // Paused, nothing trained while it was read: the run then went on to its end.
    const steps = done.events.flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : []));
    expect(steps.at(-1)).toBe(30);
  }, 300_000);
});
