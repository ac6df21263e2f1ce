import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultGanConfig, type GanRunConfig } from '../../config/ganConfig';
import { BACKEND_RUNTIMES } from '../backends/registry';
import { defaultCnnConfig } from '../../config/cnnConfig';
import { decodeCheckpoint, encodeCheckpoint, isGanCheckpoint } from '../protocol/checkpointFormat';
import { sampleGanCheckpoint } from '../protocol/checkpointFixtures';
import type { CheckpointInfo } from '../protocol/training';
import { nodeHost, RecordingOwner } from '../testing/nodeHost';
import { msg } from '../../i18n/message';
import { english } from '../../i18n/testing/english';

/** The MLP GAN, small batches: each network update takes about half a second on the plain-JS cpu backend. */
const STEPS = 7;
const RUN: GanRunConfig = { ...defaultGanConfig(), backend: 'cpu', model: 'mlp', batchSize: 8, latentSize: 8, steps: STEPS, checkpointEvery: 3 };
const LOST = msg('engine.lost.webgl');

beforeAll(async () => {
  await tf.setBackend('cpu');
});

afterEach(() => vi.restoreAllMocks());

describe('a GAN run whose device is lost', () => {
  it('checkpoints in the worker every N steps, stops with the resumable message, and resumes from that step to the end', async () => {
    const host = nodeHost();
    const owner = new RecordingOwner(host);
    let lose = false;
    vi.spyOn(BACKEND_RUNTIMES.cpu, 'deviceLost').mockImplementation(() => (lose ? LOST : null));
    const first = await owner.run({ kind: 'train', config: RUN }, (event) => {
      if (event.type === 'checkpoint') lose = true;
    });
    expect(first.outcome?.status).toBe('error');
    const message = first.outcome?.status === 'error' ? english(first.outcome.message) : '';
    expect(message).toMatch(/^The WebGL context was lost at step \d+: the run stopped\. Resume continues from the checkpoint at step 3 on a new CPU \(plain JS\)\.$/);
    const lost = first.events.find((e) => e.type === 'deviceLost');
    const from = lost?.type === 'deviceLost' ? lost.resumeFrom : null;
    expect(from?.step).toBe(3);

    lose = false;
    await tf.setBackend('cpu');
    const tensorsBefore = tf.memory().numTensors;
    const second = await owner.run({ kind: 'train', config: RUN, recover: { checkpointId: (from as CheckpointInfo).id } });
    expect(second.outcome).toEqual({ status: 'done' });
    expect(second.events).toContainEqual({ type: 'resumed', from });
    const steps = second.events.flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : []));
    expect(steps[0]).toBe(4);
    expect(steps.at(-1)).toBe(STEPS);
    // The run's next checkpoint counts from the resumed one: step 6, not step 3 again.
    expect(second.events.flatMap((e) => (e.type === 'checkpoint' ? [e.checkpoint.step] : []))).toContain(6);
    expect(tf.memory().numTensors).toBe(tensorsBefore);

    // The ended run is kept with its checkpoint beside its export: its whole state, its loss curves from step 1 (the held checkpoint's, then its own).
    const kept = host.lastRun.currentGan?.checkpoint;
    expect(kept && isGanCheckpoint(kept) && kept.progress.step).toBe(STEPS);
    expect(kept?.summary.dLossCurve.map(([step]) => step)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // "Download" in the GAN studio: the kept run as a GAN file, exactly the kept checkpoint.
    const saved = (await owner.run({ kind: 'saveModel' })).events.flatMap((e) => (e.type === 'model' && e.result.kind === 'file' ? [e.result] : []));
    expect(saved.map((f) => [f.config.workload, f.step, f.testAccuracy])).toEqual([['gan', STEPS, null]]);
    if (!kept) throw new Error('no checkpoint kept');
    // Compared as one Buffer: a deep equality over 24 MB of bytes would take gigabytes.
    expect(Buffer.compare(Buffer.from(saved[0].bytes), Buffer.from(encodeCheckpoint(kept))), 'the file is the kept checkpoint, byte for byte').toBe(0);
  }, 300_000);
});

describe('a GAN run’s checkpoint file', () => {
  it('is sent when the page asks, and reads as the run’s GAN checkpoint', async () => {
    const owner = new RecordingOwner();
    let asked = false;
    const job = await owner.run({ kind: 'train', config: { ...RUN, steps: 3 } }, (event, id) => {
      if (event.type === 'metrics' && !asked) {
        asked = true;
        owner.owner.control(id, { action: 'saveCheckpoint' });
      }
    });
    expect(job.outcome).toEqual({ status: 'done' });
    const files = job.events.flatMap((e) => (e.type === 'checkpointFile' ? [e.file] : []));
    expect(files.map((f) => f.reason)).toEqual(['asked']);
    const reading = decodeCheckpoint(files[0].bytes);
    if (!reading.ok || !isGanCheckpoint(reading.checkpoint)) throw new Error('not a GAN checkpoint');
    expect(reading.checkpoint.progress.step).toBe(files[0].step);
    expect(reading.checkpoint.summary.gLossCurve.at(-1)?.[0]).toBe(files[0].step);
  }, 300_000);
});

describe('a GAN checkpoint file where a CNN is asked for', () => {
  it('is refused by the jobs that evaluate or export a saved CNN, and does not continue a CNN run', async () => {
    const owner = new RecordingOwner();
    const bytes = encodeCheckpoint(sampleGanCheckpoint()).buffer as ArrayBuffer;
    const said = async (request: Parameters<RecordingOwner['run']>[0]) => {
      const job = await owner.run(request);
      return job.outcome?.status === 'error' ? english(job.outcome.message) : job.outcome?.status;
    };
    expect(await said({ kind: 'evaluateModel', checkpoint: bytes, backend: 'cpu' })).toBe('Not a usable checkpoint: it holds a GAN run, not a CNN model.');
    expect(await said({ kind: 'exportModel', checkpoint: bytes })).toBe('Not a usable checkpoint: it holds a GAN run, not a CNN model.');
    expect(await said({ kind: 'train', config: { ...defaultCnnConfig(), backend: 'cpu' }, resume: bytes })).toMatch(/^A continued run keeps the saved run’s settings; these differ: .*\bworkload\b/);
    expect(await said({ kind: 'train', config: { ...sampleGanCheckpoint().config, backend: 'cpu', seed: 1 }, resume: bytes })).toBe('A continued run keeps the saved run’s settings; these differ: seed.');
  });
});
