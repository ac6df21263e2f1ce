import { describe, expect, it } from 'vitest';
import { msg } from '../../i18n/message';
import { defaultCnnConfig } from '../../config/cnnConfig';
import { defaultGanConfig } from '../../config/ganConfig';
import { histogramOf } from '../../metrics/histogram';
import type { MetricsPoint } from '../../engine/protocol/training';
import { decodeEvent } from './decodeEvent';
import { runLogOf, type RunForLog } from './fromRun';
import { tensorboardLog } from './runLog';
import { readRecords } from './tfrecord';

function point(step: number, scalars: Record<string, number>, gpuBytes: number | null = null): MetricsPoint {
  return { step, epoch: 1, stepsInWindow: 1, scalars, warmup: step === 1, stepMs: 10 + step, examplesPerSec: 3200 / (10 + step), gflops: 1.5, bytes: 1e6, gpuBytes, numTensors: 42 };
}

const CNN: RunForLog = {
  config: { ...defaultCnnConfig(), backend: 'wasm' },
  info: { backend: 'wasm', engine: 'tfjs', modelLabel: 'Tiny CNN', params: 1234, forwardFlopsPerExample: 1, trainFlopsPerExample: 3, stepsPerEpoch: 4, totalSteps: 8, flags: { WASM_HAS_SIMD_SUPPORT: true } },
  metrics: [point(5, { loss: 1.2, accuracy: 0.5 }), point(6, { loss: 1.0, accuracy: 0.6 }), point(8, { loss: 0.8, accuracy: 0.7 })],
  evals: [{ step: 8, epoch: 2, testLoss: 0.7, testAccuracy: 0.8, examples: 100 }],
  histograms: [{ step: 4, epoch: 1, tensors: [{ name: 'conv2d_Conv2D1/kernel', histogram: histogramOf([0.1, -0.2, 0.3]) }] }],
  priorCurves: { loss: [[1, 2.3], [4, 1.5], [5, 9]] },
  startedAt: Date.UTC(2026, 10, 25, 12),
  device: { 'webgl.renderer': 'ANGLE (Google, SwiftShader)', 'tfjs-core': '4.22.0' },
};

describe('a run on the page as a TensorBoard log', () => {
  const log = runLogOf(CNN);
  const tags = (l = log) => l.scalars.map((s) => s.tag);

  it('writes the train scalars, the test figures, throughput, step time and memory, each at its step', () => {
    expect(tags()).toEqual(['train/loss', 'train/accuracy', 'test/loss', 'test/accuracy', 'speed/examples_per_sec', 'speed/gflops', 'speed/step_ms', 'memory/bytes', 'memory/tensors']);
    const byTag = Object.fromEntries(log.scalars.map((s) => [s.tag, s.points.map((p) => [p.step, p.value])]));
    expect(byTag['test/accuracy']).toEqual([[8, 0.8]]);
    expect(byTag['speed/step_ms']).toEqual([[5, 15], [6, 16], [8, 18]]);
  });

  it('draws a continued run’s earlier loss curve first, up to where its own points begin', () => {
    expect(log.scalars[0].points.map((p) => [p.step, p.value])).toEqual([[1, 2.3], [4, 1.5], [5, 1.2], [6, 1.0], [8, 0.8]]);
  });

  it('leaves out what the backend does not measure (GPU bytes on wasm), and writes it where it does', () => {
    const webgl = runLogOf({ ...CNN, metrics: [point(1, { loss: 2 }, 5e6)] });
    expect(tags(webgl)).toContain('memory/gpu_bytes');
    expect(tags()).not.toContain('memory/gpu_bytes');
  });

  it('names each weight histogram under weights/, at the step it was taken', () => {
    expect(log.histograms.map((h) => [h.tag, h.step, h.histogram.num])).toEqual([['weights/conv2d_Conv2D1/kernel', 4, 3]]);
  });

  it('writes the settings, the run’s facts and flags, and the device as Markdown tables', () => {
    const texts = Object.fromEntries(log.texts.map((t) => [t.tag, t.text]));
    expect(Object.keys(texts)).toEqual(['run/settings', 'run/info', 'run/device']);
    expect(texts['run/settings']).toContain('| batchSize | 32 |');
    expect(texts['run/settings']).toContain('| backend | wasm |');
    expect(texts['run/info']).toContain('| flag WASM_HAS_SIMD_SUPPORT | true |');
    expect(texts['run/info']).toContain('| engine | tfjs (TensorFlow.js) |');
    expect(texts['run/device']).toContain('| webgl.renderer | ANGLE (Google, SwiftShader) |');
  });

  it('says which engine trained on WebGPU, and why a run that asked for the app’s engine did not get it', () => {
    const info = { ...(CNN.info as NonNullable<RunForLog['info']>), backend: 'webgpu' as const, engine: 'app' as const };
    const text = (run: RunForLog) => runLogOf(run).texts.find((t) => t.tag === 'run/info')?.text ?? '';
    expect(text({ ...CNN, info })).toContain("| engine | app (the app's own WebGPU engine: the model compiled into a few fused kernels, one submit a step) |");
    const fellBack = text({ ...CNN, info: { ...info, engine: 'tfjs', engineNote: msg('engine.gpu.fallback', { reason: msg('engine.gpu.refused.kind', { layer: 'd1', kind: 'Dropout' }) }) } });
    expect(fellBack).toContain("| engine | tfjs (TensorFlow.js's WebGPU kernels) |");
    expect(fellBack).toContain("| engine note | The app's WebGPU engine cannot train this (layer d1 (Dropout): the app's WebGPU engine has no kernel for this kind of layer), so it trains on TensorFlow.js's WebGPU kernels. |");
    expect(fellBack).not.toContain('engineNote');
  });

  it('a GAN run: its own scalars by name, no test figures; the whole log reads back record by record', () => {
    const gan = runLogOf({ ...CNN, config: { ...defaultGanConfig(), backend: 'wasm' }, metrics: [point(1, { dLoss: 1.4, gLoss: 0.7 })], evals: [], priorCurves: {}, device: null });
    expect(tags(gan).slice(0, 2)).toEqual(['train/dLoss', 'train/gLoss']);
    expect(gan.texts.map((t) => t.tag)).toEqual(['run/settings', 'run/info']);
    const events = readRecords(tensorboardLog(gan)).map(decodeEvent);
    expect(events.filter((e) => e.values[0]?.tag === 'train/gLoss').map((e) => [e.step, e.values[0].simpleValue])).toEqual([[1, Math.fround(0.7)]]);
  });

  it('a continued GAN run: the saved D and G losses before its own, by scalar name; its other scalars start at its own steps', () => {
    const metrics = [point(4, { dLoss: 1.0, gLoss: 1.2, dReal: 0.6 }), point(6, { dLoss: 0.9, gLoss: 1.3, dReal: 0.55 })];
    const priorCurves = { dLoss: [[1, 1.4], [3, 1.1], [4, 7]], gLoss: [[1, 0.7], [3, 0.9]] } as const;
    const gan = runLogOf({ ...CNN, config: { ...defaultGanConfig(), backend: 'wasm' }, metrics, evals: [], priorCurves, device: null });
    const byTag = Object.fromEntries(gan.scalars.map((s) => [s.tag, s.points.map((p) => [p.step, p.value])]));
    expect(byTag['train/dLoss']).toEqual([[1, 1.4], [3, 1.1], [4, 1.0], [6, 0.9]]);
    expect(byTag['train/gLoss']).toEqual([[1, 0.7], [3, 0.9], [4, 1.2], [6, 1.3]]);
    expect(byTag['train/dReal']).toEqual([[4, 0.6], [6, 0.55]]);
  });
});
