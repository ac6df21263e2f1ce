import * as tf from '@tensorflow/tfjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import type { GpuEngine } from '../../config/gpuEngines';
import { english } from '../../i18n/testing/english';
import { dawnDevice, freshDawnDevice } from '../gpu/testing/dawn';
import type { JobEvent } from '../protocol/jobs';
import type { CheckpointInfo } from '../protocol/training';
import { RecordingOwner } from '../testing/nodeHost';

/**
 * The app's engine in a whole training job. Node has no TensorFlow.js WebGPU backend, so the run's backend is
 * cpu and its engine trains on a Dawn device, as engineChoice.ts would give it on WebGPU: the job's own
 * recovery (checkpoints, the event, the resumed run) is the point. A run asking for TensorFlow.js's kernels
 * gets no engine.
 */
const engineDevice = vi.hoisted(() => ({ current: null as GPUDevice | null }));
vi.mock('./engineChoice', () => ({
  engineOn: (_backend: string, engine: GpuEngine) => (engine === 'app' && engineDevice.current ? { device: engineDevice.current } : undefined),
}));

/** The dense MLP at batch 8, a checkpoint every 4 steps: the engine's steps take milliseconds on SwiftShader. */
const STEPS = 16;
const RUN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', gpuEngine: 'app', model: 'mlp', batchSize: 8, epochs: 1, trainExamples: STEPS * 8, testExamples: 100, learningRate: 0.01, checkpointEvery: 4 };

/** Keeps every buffer `device` makes, so a test can break one the engine's steps use. */
function buffersOf(device: GPUDevice): GPUBuffer[] {
  const made: GPUBuffer[] = [];
  const createBuffer = device.createBuffer.bind(device);
  vi.spyOn(device, 'createBuffer').mockImplementation((descriptor) => {
    const buffer = createBuffer(descriptor);
    made.push(buffer);
    return buffer;
  });
  return made;
}

const engineOf = (events: JobEvent[]) => events.flatMap((e) => (e.type === 'runInfo' ? [e.info.engine] : []));
const stepsOf = (events: JobEvent[]) => events.flatMap((e) => (e.type === 'metrics' ? e.points.map((p) => p.step) : []));

beforeAll(async () => {
  await tf.setBackend('cpu');
});

afterEach(() => vi.restoreAllMocks());

describe("a GPU error under the app's engine, in a training job", () => {
  it('ends the run with the sentence and its last checkpoint; resuming continues from it on TensorFlow.js’s kernels to the end', async () => {
    engineDevice.current = await dawnDevice();
    const made = buffersOf(engineDevice.current);
    const owner = new RecordingOwner();
    // After the first checkpoint, a buffer every step uses is destroyed: the next window's submits fail validation.
    const first = await owner.run({ kind: 'train', config: RUN }, (event) => {
      if (event.type === 'checkpoint' && event.checkpoint.step === 4) made.find((b) => b.label === 'weights')?.destroy();
    });
    expect(engineOf(first.events)).toEqual(['app']);
    expect(first.outcome?.status).toBe('error');
    const said = first.outcome?.status === 'error' ? english(first.outcome.message) : '';
    expect(said).toMatch(/^A GPU error in a step's work stopped the run at step 4 \(\[Buffer "weights"\] used in submit while destroyed\.\); Resume continues from the checkpoint at step 4 on TensorFlow\.js's kernels\.$/);
    const checkpoints = first.events.flatMap((e) => (e.type === 'checkpoint' ? [e.checkpoint] : []));
    expect(checkpoints.map((c) => c.step)).toEqual([4]);
    const gpuError = first.events.find((e) => e.type === 'gpuError');
    expect(gpuError).toEqual({ type: 'gpuError', message: first.outcome?.status === 'error' ? first.outcome.message : null, resumeFrom: checkpoints[0], resumeOn: 'tfjs' });
    expect(first.events.some((e) => e.type === 'deviceLost')).toBe(false);

    // What the page's "Resume from step 4 on TensorFlow.js's kernels" sends: the same settings on TensorFlow.js's kernels.
    const from = checkpoints[0] as CheckpointInfo;
    const second = await owner.run({ kind: 'train', config: { ...RUN, gpuEngine: 'tfjs' }, recover: { checkpointId: from.id } });
    expect(second.outcome).toEqual({ status: 'done' });
    expect(engineOf(second.events)).toEqual(['tfjs']);
    expect(second.events).toContainEqual({ type: 'resumed', from });
    const steps = stepsOf(second.events);
    expect(steps[0]).toBe(5);
    expect(steps.at(-1)).toBe(STEPS);
  }, 300_000);

  it('says so where no checkpoint was taken yet, and offers the run again on TensorFlow.js’s kernels', async () => {
    engineDevice.current = await dawnDevice();
    const made = buffersOf(engineDevice.current);
    const owner = new RecordingOwner();
    const job = await owner.run({ kind: 'train', config: { ...RUN, checkpointEvery: 0 } }, (event) => {
      if (event.type === 'firstStep') made.find((b) => b.label === 'weights')?.destroy();
    });
    const said = job.outcome?.status === 'error' ? english(job.outcome.message) : '';
    expect(said).toMatch(/^A GPU error in a step's work stopped the run at step 1 \(\[Buffer "weights"\] used in submit while destroyed\.\); no checkpoint was taken yet, so train it again on TensorFlow\.js's kernels\.$/);
    expect(job.events.find((e) => e.type === 'gpuError')).toMatchObject({ resumeFrom: null, resumeOn: 'tfjs' });
  }, 300_000);

  it('a device lost in the middle of a window ends the run by the device-loss path, with its checkpoint', async () => {
    const own = await freshDawnDevice();
    engineDevice.current = own;
    const submit = own.queue.submit.bind(own.queue);
    let afterCheckpoint = -1;
    vi.spyOn(own.queue, 'submit').mockImplementation((buffers) => {
      submit(buffers);
      // The second step after the checkpoint at step 4: inside the next window where it has more steps (up to 4: the next checkpoint's).
      if (afterCheckpoint >= 0 && ++afterCheckpoint === 2) own.destroy();
    });
    const owner = new RecordingOwner();
    const job = await owner.run({ kind: 'train', config: RUN }, (event) => {
      if (event.type === 'checkpoint' && event.checkpoint.step === 4) afterCheckpoint = 0;
    });
    const said = job.outcome?.status === 'error' ? english(job.outcome.message) : '';
    expect(said).toMatch(/^The WebGPU device was lost \(destroyed: .*\) at step 4: the run stopped\. Resume continues from the checkpoint at step 4 on a new /);
    const lost = job.events.find((e) => e.type === 'deviceLost');
    expect(lost?.type === 'deviceLost' && lost.resumeFrom?.step).toBe(4);
    expect(job.events.some((e) => e.type === 'gpuError')).toBe(false);
    expect(afterCheckpoint, 'the window went on submitting after the device was destroyed').toBeGreaterThanOrEqual(3);
    // The lost run dropped its backend's instance, as after any lost device.
    await tf.setBackend('cpu');
  }, 300_000);
});
