import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { BACKEND_RUNTIMES } from '../backends/registry';
import type { CheckpointInfo } from '../protocol/training';
import { RecordingOwner } from '../testing/nodeHost';
import { msg } from '../../i18n/message';
import { english } from '../../i18n/testing/english';

/**
 * The dense MLP: the protocol is the point, not the model, and the tiny CNN's convolution gradients take seconds a
 * step on the plain-JS cpu backend. Its fast steps share sync windows, so 50 steps leave room after two checkpoints.
 */
const STEPS = 50;
const RUN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 16, epochs: 1, trainExamples: STEPS * 16, testExamples: 100, checkpointEvery: 4 };
const LOST = msg('engine.lost.webgl');

beforeAll(async () => {
  await tf.setBackend('cpu');
});

afterEach(() => vi.restoreAllMocks());

describe('a run whose device is lost', () => {
  it('stops with the message and the checkpoint to resume from; resuming continues from that step to the end', async () => {
    const owner = new RecordingOwner();
    let lose = false;
    vi.spyOn(BACKEND_RUNTIMES.cpu, 'deviceLost').mockImplementation(() => (lose ? LOST : null));
    let checkpointsSeen = 0;
    // Lost after the second checkpoint: the resume point must be the latest one, not the first.
    const first = await owner.run({ kind: 'train', config: RUN }, (event) => {
      if (event.type === 'checkpoint' && ++checkpointsSeen === 2) lose = true;
    });
    expect(first.outcome?.status).toBe('error');
    const message = first.outcome?.status === 'error' ? english(first.outcome.message) : '';
    // The cpu backend stands in for a GPU here: the message names it as the device to start anew.
    expect(message).toMatch(/^The WebGL context was lost at step \d+: the run stopped\. Resume continues from the checkpoint at step \d+ on a new CPU \(plain JS\)\.$/);
    const lost = first.events.find((e) => e.type === 'deviceLost');
    const from = lost?.type === 'deviceLost' ? lost.resumeFrom : null;
    expect(from?.step).toBeGreaterThanOrEqual(8);
    const checkpoints = first.events.flatMap((e) => (e.type === 'checkpoint' ? [e.checkpoint.step] : []));
    expect(checkpoints).toHaveLength(2);
    expect(checkpoints.at(-1)).toBe(from?.step);
    for (let i = 1; i < checkpoints.length; i++) expect(checkpoints[i] - checkpoints[i - 1]).toBeGreaterThanOrEqual(4);

    lose = false;
    // The lost backend's instance was dropped so the resumed run makes a new one; the engine has none active until then.
    expect(tf.engine().registry.cpu).toBeUndefined();
    await tf.setBackend('cpu');
    const tensorsBefore = tf.memory().numTensors;
    const second = await owner.run({ kind: 'train', config: RUN, recover: { checkpointId: (from as CheckpointInfo).id } });
    expect(second.outcome).toEqual({ status: 'done' });
    expect(second.events).toContainEqual({ type: 'resumed', from });
    const steps = second.events.flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : []));
    expect(steps[0]).toBe((from as CheckpointInfo).step + 1);
    expect(steps.at(-1)).toBe(STEPS);
    expect(tf.memory().numTensors).toBe(tensorsBefore);
  }, 300_000);

  it('refuses to resume from a checkpoint the worker does not hold', async () => {
    const owner = new RecordingOwner();
    const job = await owner.run({ kind: 'train', config: RUN, recover: { checkpointId: 'memory-none' } });
    expect(job.outcome?.status === 'error' && english(job.outcome.message)).toBe('Checkpoint memory-none is no longer in the worker’s memory (the worker restarted, or newer checkpoints replaced it).');
  }, 120_000);
});
