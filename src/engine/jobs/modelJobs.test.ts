import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { defaultGanConfig } from '../../config/ganConfig';
import { ganExportOf } from '../checkpoints/runCheckpoint';
import { GanWorkload } from '../workloads/ganWorkload';
import { CHECKPOINT_MAGIC, decodeCheckpoint, isCnnCheckpoint } from '../protocol/checkpointFormat';
import type { JobEvent, JobOutcome } from '../protocol/jobs';
import type { ModelResult } from '../protocol/models';
import type { EvalPoint, MetricsPoint } from '../protocol/training';
import { nodeDatasets, nodeHost, RecordingOwner, type RecordedJob } from '../testing/nodeHost';
import { english } from '../../i18n/testing/english';

/** An outcome's error in English; null when the job did not fail. */
const said = (outcome: JobOutcome | null): string | null => (outcome?.status === 'error' ? english(outcome.message) : null);

/** Several short runs each: room for two cores shared with other test files. */
const SLOW_MS = 300_000;
/**
 * 100 examples in batches of 32: 3 steps an epoch, of the dense MLP: the jobs are the point (a CNN's checkpoint is
 * savedModel.test.ts's, its Keras export exportPackage.test.ts's), and the tiny CNN's convolution gradients take
 * seconds a step on the plain-JS cpu backend.
 */
const config = (overrides: Partial<CnnRunConfig> = {}): CnnRunConfig => ({ ...defaultCnnConfig(), backend: 'cpu', model: 'mlp', batchSize: 32, trainExamples: 100, testExamples: 100, epochs: 1, ...overrides });

const results = (job: RecordedJob): ModelResult[] => job.events.flatMap((e: JobEvent) => (e.type === 'model' ? [e.result] : []));
const evals = (job: RecordedJob): EvalPoint[] => job.events.flatMap((e) => (e.type === 'eval' ? [e.point] : []));
const metrics = (job: RecordedJob): MetricsPoint[] => job.events.flatMap((e) => (e.type === 'metrics' ? e.points : []));

function fileOf(job: RecordedJob): ArrayBuffer {
  const file = results(job).find((r) => r.kind === 'file');
  if (!file || file.kind !== 'file') throw new Error(`no file: ${JSON.stringify(job.outcome)}`);
  return file.bytes;
}

/** A file with the same tensor bytes and a header rewritten as text by `edit`. */
function withHeaderText(bytes: ArrayBuffer, edit: (text: string) => string): ArrayBuffer {
  const all = new Uint8Array(bytes);
  const length = new DataView(bytes).getUint32(8, true);
  const text = edit(new TextDecoder().decode(all.subarray(12, 12 + length)));
  return assemble(text, all.subarray(12 + Math.ceil(length / 4) * 4));
}

function assemble(headerText: string, data: Uint8Array): ArrayBuffer {
  const header = new TextEncoder().encode(headerText);
  const padded = Math.ceil(header.length / 4) * 4;
  const out = new Uint8Array(12 + padded + data.length);
  out.set([...CHECKPOINT_MAGIC].map((c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, 1, true);
  new DataView(out.buffer).setUint32(8, header.length, true);
  out.set(header, 12);
  out.set(data, 12 + padded);
  return out.buffer;
}

function editHeader(bytes: ArrayBuffer, edit: (header: { tensors: { name: string; shape: number[] }[] } & Record<string, unknown>) => void): ArrayBuffer {
  return withHeaderText(bytes, (text) => {
    const header = JSON.parse(text) as Parameters<typeof edit>[0];
    edit(header);
    return JSON.stringify(header);
  });
}

describe('saving, loading and exporting a trained model through the device owner (cpu)', () => {
  it('saves the last run, evaluates the saved file to the same test accuracy, exports it, and continues it', async () => {
    const host = nodeHost();
    const owner = new RecordingOwner(host);
    const none = await owner.run({ kind: 'saveModel' });
    expect(said(none.outcome)).toBe('No trained model is kept: train a CNN (or load a saved model) first.');

    const run = await owner.run({ kind: 'train', config: config() });
    expect(run.outcome).toEqual({ status: 'done' });
    const [runEval] = evals(run);
    const saved = await owner.run({ kind: 'saveModel' });
    const bytes = fileOf(saved);
    const reading = decodeCheckpoint(bytes);
    if (!reading.ok) throw new Error(english(reading.error));
    if (!isCnnCheckpoint(reading.checkpoint)) throw new Error('not a CNN checkpoint');
    expect(reading.checkpoint.progress).toMatchObject({ step: 3, epoch: 1, streamPosition: 3, optimizerIterations: 3 });
    expect(reading.checkpoint.summary.lastEval).toEqual({ step: 3, testLoss: runEval.testLoss, testAccuracy: runEval.testAccuracy });
    expect(reading.checkpoint.summary.curve.map(([step]) => step)).toEqual(metrics(run).map((p) => p.step));

    const evaluated = await owner.run({ kind: 'evaluateModel', checkpoint: bytes, backend: 'cpu' });
    expect(evaluated.outcome).toEqual({ status: 'done' });
    const [evalResult] = results(evaluated);
    expect(evalResult).toMatchObject({ kind: 'eval', backend: 'cpu', judge: false, point: { testAccuracy: runEval.testAccuracy, testLoss: runEval.testLoss, examples: 100 } });
    // The loaded model is the one a look inside (draw a digit) reads.
    host.kept.forget();
    await owner.run({ kind: 'evaluateModel', checkpoint: bytes, backend: 'cpu' });
    expect(host.kept.facts()).toMatchObject({ testAccuracy: runEval.testAccuracy, steps: 3 });
    expect(english(host.kept.facts()!.name)).toBe('MLP (dense only), loaded from a saved model');

    const exported = await owner.run({ kind: 'exportModel', checkpoint: null });
    const [exportResult] = results(exported);
    if (exportResult?.kind !== 'export') throw new Error(`no export: ${JSON.stringify(exported.outcome)}`);
    expect(exportResult.modelLabel).toMatch(/MLP/);
    expect(exportResult.run.models.map((m) => m.weights.map((w) => w.name))).toEqual([reading.checkpoint.tensors.filter((t) => t.group === 'weights').map((t) => t.name)]);
    expect(exportResult.run.check.predictions.shape).toEqual([100, 10]);

    const finishedAgain = await owner.run({ kind: 'train', config: config(), resume: bytes });
    expect(said(finishedAgain.outcome)).toMatch(/already trained 3 steps.*raise Epochs/);
    const otherSeed = await owner.run({ kind: 'train', config: config({ epochs: 2, seed: 99 }), resume: bytes });
    expect(said(otherSeed.outcome)).toMatch(/keeps the saved run’s settings; these differ: seed/);

    const continued = await owner.run({ kind: 'train', config: config({ epochs: 2 }), resume: bytes });
    expect(continued.outcome).toEqual({ status: 'done' });
    expect(metrics(continued)[0].step).toBe(4);
    expect(metrics(continued).at(-1)?.step).toBe(6);
    const resaved = decodeCheckpoint(fileOf(await owner.run({ kind: 'saveModel' })));
    expect(resaved.ok && resaved.checkpoint.progress.step).toBe(6);
    expect(resaved.ok && isCnnCheckpoint(resaved.checkpoint) && resaved.checkpoint.summary.curve[0][0]).toBe(1);
  }, SLOW_MS);

  it('refuses malformed and hostile files with the validator\'s message, keeping the model it had', async () => {
    const owner = new RecordingOwner(nodeHost());
    await owner.run({ kind: 'train', config: config() });
    const good = fileOf(await owner.run({ kind: 'saveModel' }));
    const tensorsBefore = tf.memory().numTensors;
    const layers = Array.from({ length: 10_000 }, (_, i) => ({ name: `dense${i}/kernel`, group: 'weights', dtype: 'float32', shape: [1] }));

    const hostile: [string, ArrayBuffer, RegExp][] = [
      ['truncated', good.slice(0, good.byteLength - 100), /Not a usable checkpoint: it is cut short/],
      ['wrong shapes', editHeader(good, (h) => (h.tensors[0].shape = [...h.tensors[0].shape].reverse())), /Saved weight dense1\/kernel \[128, 784\] does not fit this model’s dense1\/kernel \[784, 128\]/],
      ['huge declared size', editHeader(good, (h) => (h.tensors[0].shape = [1 << 24, 1 << 24])), /Not a usable checkpoint: tensor dense1\/kernel declares \d+ values, over/],
      ['__proto__ key', withHeaderText(good, (text) => `{"__proto__":{"polluted":true},${text.slice(1)}`), /Not a usable checkpoint: its header has a "__proto__" key/],
      ['__proto__ tensor name', editHeader(good, (h) => (h.tensors[0].name = 'dense1/__proto__')), /Not a usable checkpoint: tensor 0 has a reserved name/],
      ['10,000 layers', withHeaderText(good, (text) => JSON.stringify({ ...JSON.parse(text), tensors: layers })), /Not a usable checkpoint: its tensor list is not a list of at most 1024/],
      ['not a checkpoint', new TextEncoder().encode('{"modelTopology": {}}').buffer, /Not a usable checkpoint: it does not start with GPCK/],
      // A message that is not bytes at all (a number would size an allocation), as a hostile page could send.
      ['not bytes', 1e9 as unknown as ArrayBuffer, /Not a usable checkpoint: it is not a file/],
    ];
    for (const [what, bytes, message] of hostile) {
      const job = await owner.run({ kind: 'evaluateModel', checkpoint: bytes, backend: 'cpu' });
      expect(job.outcome?.status, what).toBe('error');
      expect(said(job.outcome), what).toMatch(message);
      const resumed = await owner.run({ kind: 'train', config: config({ epochs: 2 }), resume: bytes });
      expect(resumed.outcome?.status, what).toBe('error');
    }
    expect(tf.memory().numTensors).toBe(tensorsBefore);
    expect(Object.prototype).not.toHaveProperty('polluted');
    // Refused files change nothing: the kept model is the one trained, and the good file still loads.
    expect(new Uint8Array(fileOf(await owner.run({ kind: 'saveModel' })))).toEqual(new Uint8Array(good));
    const reloaded = await owner.run({ kind: 'evaluateModel', checkpoint: good, backend: 'cpu' });
    expect(reloaded.outcome).toEqual({ status: 'done' });
  }, SLOW_MS);

  it('keeps a GAN run as its export (both networks) and hands it to the export job; a GAN kept without its checkpoint has no file to save', async () => {
    const host = nodeHost();
    await host.activate('cpu');
    const config = { ...defaultGanConfig(), backend: 'cpu' as const, model: 'mlp' as const, batchSize: 16 };
    const data = await nodeDatasets.get('mnist', { train: 64, test: 0 }, () => undefined);
    const workload = GanWorkload.create(config, data, 'cpu', {});
    tf.dispose(Object.values(workload.step()));
    host.lastRun.keepGan(await ganExportOf(workload, config, host));
    workload.dispose();

    const owner = new RecordingOwner(host);
    const [result] = results(await owner.run({ kind: 'exportModel', checkpoint: null }));
    if (result?.kind !== 'export') throw new Error('no export');
    expect(result.config.workload).toBe('gan');
    expect(result.run.models.map((m) => m.role)).toEqual(['generator', 'discriminator']);
    expect(Object.keys(result.run.check).sort()).toEqual(['images', 'noise', 'probabilities', 'real']);
    const saved = await owner.run({ kind: 'saveModel' });
    expect(said(saved.outcome)).toBe('No trained model is kept: train a CNN (or load a saved model) first.');
  });
});
