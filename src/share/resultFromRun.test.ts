import { describe, expect, it } from 'vitest';
import { defaultGanConfig } from '../config/ganConfig';
import { defaultCnnConfig, type CnnRunConfig } from '../config/cnnConfig';
import { raceRow } from '../engine/protocol/labFixtures';
import type { EvalPoint, MetricsPoint } from '../engine/protocol/training';
import { decodeResultLink, encodeResultLink } from './linkCodec';
import { validateSharedResult } from './resultDoc';
import type { DeviceForShare } from './flattenDevice';
import { resultFromRace, resultFromRun, weightedQuantile, type RaceCapture, type RunCapture } from './resultFromRun';
import { MessageError, msg } from '../i18n/message';
import { english } from '../i18n/testing/english';
import { SHAPES_FACTS, SHAPES_ID, SHAPES_SUMMARY } from './fixtures/ownDataset';

const ENV: DeviceForShare = { device: { browser: 'Chrome 156', 'webgpu.vendor': 'nvidia' }, versions: { app: '0.1.0', 'tfjs-core': '4.22.0' } };
const WHEN = new Date('2025-02-03T04:05:06.000Z');

function point(step: number, over: Partial<MetricsPoint> = {}): MetricsPoint {
  return {
    step,
    epoch: 1,
    stepsInWindow: 1,
    scalars: { loss: 2.3 / step, accuracy: 0.1 * step, dLoss: 0.7, gLoss: 1.2 },
    warmup: step === 1,
    stepMs: step === 1 ? 900 : 10 * step,
    examplesPerSec: step === 1 ? 30 : 3200 / step,
    gflops: step === 1 ? 0.1 : 4,
    bytes: 1000 * step,
    gpuBytes: 5000 + step,
    numTensors: 20,
    ...over,
  };
}

function cnnRun(metrics: MetricsPoint[], evals: EvalPoint[] = []): RunCapture {
  return { config: { ...defaultCnnConfig(), model: 'tiny' }, info: null, firstStepMs: 950, metrics, evals };
}

describe('a training run as a shared result', () => {
  it('weights each metrics window by its steps for the median and p90', () => {
    expect(weightedQuantile([{ value: 10, weight: 1 }, { value: 20, weight: 3 }], 0.5)).toBe(20);
    expect(weightedQuantile([{ value: 10, weight: 3 }, { value: 20, weight: 1 }], 0.5)).toBe(10);
    expect(weightedQuantile([{ value: 10, weight: 9 }, { value: 40, weight: 1 }], 0.9)).toBe(10);
    expect(weightedQuantile([{ value: 10, weight: 9 }, { value: 40, weight: 2 }], 0.9)).toBe(40);
    expect(weightedQuantile([], 0.5)).toBeNaN();
  });

  it('summarises the steady windows of a CNN run, with its loss, test accuracy and peak GPU memory', () => {
    const metrics = [point(1), point(2, { stepsInWindow: 1 }), point(5, { stepsInWindow: 3 }), point(6)];
    const evals: EvalPoint[] = [{ step: 6, epoch: 1, testLoss: 0.4, testAccuracy: 0.875, examples: 100 }];
    const built = resultFromRun(cnnRun(metrics, evals), ENV, WHEN);
    if (!built.ok) throw new MessageError(built.reason);
    const { result } = built;
    expect(result.rows).toEqual([
      { loop: 'app', backend: 'webgl', firstStepMs: 950, medianStepMs: 50, p90StepMs: 60, examplesPerSec: 640, gflops: 4, peakBytes: 5006, finalLoss: 2.3 / 6, testAccuracy: 0.875, softwareGpu: false },
    ]);
    expect(result.curves.map((c) => c.name)).toEqual(['loss (webgl)', 'test accuracy (webgl)', 'examples/s (webgl)', 'memory bytes (webgl)']);
    expect(result.curves[2].points.map(([step]) => step)).toEqual([2, 5, 6]);
    expect(result).toMatchObject({ createdAt: WHEN.toISOString(), race: null, device: ENV.device, versions: ENV.versions });
    expect(english(validateSharedResult(JSON.parse(JSON.stringify(result))).errors)).toEqual([]);
  });

  it('uses the backend that actually ran, live bytes where there is no GPU memory, and the D loss of a GAN', () => {
    const metrics = [point(1, { gpuBytes: null }), point(2, { gpuBytes: null, scalars: { dLoss: 0.69, gLoss: 0.8 } })];
    const built = resultFromRun({ config: defaultGanConfig(), info: null, firstStepMs: null, metrics, evals: [] }, ENV);
    if (!built.ok) throw new MessageError(built.reason);
    expect(built.result.rows[0]).toMatchObject({ backend: 'webgl', firstStepMs: 900, peakBytes: 2000, finalLoss: 0.69 });
    expect(built.result.rows[0].testAccuracy).toBeUndefined();
    expect(built.result.curves.map((c) => c.name)).toEqual(['D loss (webgl)', 'G loss (webgl)', 'examples/s (webgl)', 'memory bytes (webgl)']);
  });

  it('keeps at most 300 points a curve and leaves out a diverged loss', () => {
    const metrics = Array.from({ length: 2000 }, (_, i) => point(i + 1, i === 500 ? { scalars: { loss: NaN } } : {}));
    const built = resultFromRun(cnnRun(metrics), ENV);
    if (!built.ok) throw new MessageError(built.reason);
    for (const curve of built.result.curves) expect(curve.points.length).toBeLessThanOrEqual(300);
    expect(built.result.curves[0].points.every(([, y]) => Number.isFinite(y))).toBe(true);
  });

  it('a continued run’s loss curve begins with the saved run’s, in History, CSV and links alike', () => {
    const built = resultFromRun({ ...cnnRun([point(41), point(42)]), priorCurves: { loss: [[10, 2.1], [40, 1.4], [41, 99]] } }, ENV);
    if (!built.ok) throw new MessageError(built.reason);
    // Figures in a result keep 4 significant digits.
    expect(built.result.curves[0].points).toEqual([[10, 2.1], [40, 1.4], [41, 0.0561], [42, 0.05476]]);
  });

  it('a continued GAN run’s D and G loss curves begin with the saved run’s', () => {
    const metrics = [point(4, { scalars: { dLoss: 0.6, gLoss: 1.3 } }), point(6, { scalars: { dLoss: 0.5, gLoss: 1.4 } })];
    const priorCurves = { dLoss: [[1, 1.4], [3, 1.1], [4, 99]], gLoss: [[1, 0.7], [3, 0.9]] } as const;
    const built = resultFromRun({ config: defaultGanConfig(), info: null, firstStepMs: null, metrics, evals: [], priorCurves }, ENV);
    if (!built.ok) throw new MessageError(built.reason);
    const curve = (name: string) => built.result.curves.find((c) => c.name === name)?.points;
    expect(curve('D loss (webgl)')).toEqual([[1, 1.4], [3, 1.1], [4, 0.6], [6, 0.5]]);
    expect(curve('G loss (webgl)')).toEqual([[1, 0.7], [3, 0.9], [4, 1.3], [6, 1.4]]);
    // Only the scalars a result draws as curves take prior points: throughput starts at the run's own steps.
    expect(curve('examples/s (webgl)')?.[0][0]).toBe(4);
  });

  it('carries the own data set it trained on (name, classes, sizes, hash), through its link too', async () => {
    const config: CnnRunConfig = { ...defaultCnnConfig(), model: 'tiny', dataset: SHAPES_ID };
    const run: RunCapture = { ...cnnRun([point(1), point(2)]), config, ownDataset: SHAPES_SUMMARY };
    const built = resultFromRun(run, ENV, WHEN);
    if (!built.ok) throw new Error('no result');
    expect(built.result.ownDataset).toEqual(SHAPES_FACTS);
    expect((await decodeResultLink(await encodeResultLink(built.result))).result?.ownDataset).toEqual(SHAPES_FACTS);
    // A summary of another set than the run's is not said of it; a shipped set has none.
    const other = resultFromRun({ ...run, config: { ...config, dataset: 'own:ffffffffffffffff' } }, ENV, WHEN);
    expect(other.ok && other.result).not.toHaveProperty('ownDataset');
    const mnist = resultFromRun(cnnRun([point(1), point(2)]), ENV, WHEN);
    expect(mnist.ok && mnist.result).not.toHaveProperty('ownDataset');
  });

  it('says the app’s engine trained where it did, and names the curves by that lane; TensorFlow.js’s WebGPU row says nothing', () => {
    const info = { backend: 'webgpu' as const, engine: 'app' as const, modelLabel: 'Tiny CNN', params: 1, forwardFlopsPerExample: 1, trainFlopsPerExample: 3, stepsPerEpoch: 6, totalSteps: 6, flags: {} };
    const app = resultFromRun({ ...cnnRun([point(1), point(2)]), info }, ENV, WHEN);
    expect(app.ok && app.result.rows[0]).toMatchObject({ backend: 'webgpu', engine: 'app' });
    expect(app.ok && app.result.curves[0].name).toBe('loss (webgpu app engine)');
    const tfjs = resultFromRun({ ...cnnRun([point(1), point(2)]), config: { ...defaultCnnConfig(), gpuEngine: 'tfjs' }, info: { ...info, engine: 'tfjs' } }, ENV, WHEN);
    expect(tfjs.ok && tfjs.result.rows[0].engine).toBeUndefined();
    expect(tfjs.ok && tfjs.result.config.gpuEngine).toBe('tfjs');
    expect(tfjs.ok && tfjs.result.curves[0].name).toBe('loss (webgpu)');
  });

  it('refuses a run that never finished a step', () => {
    const none = resultFromRun(cnnRun([]), ENV);
    expect(!none.ok && english(none.reason)).toBe('The run stopped before its first step, so there is nothing to share.');
  });
});

function race(): RaceCapture {
  const trace = (backend: 'cpu' | 'webgl') =>
    [1, 2, 3, 4].map((step) => ({ step, stepMs: step === 1 ? 2000 : 100, loss: 2.3 - step / 10, bytes: 800, gpuBytes: backend === 'cpu' ? null : 9000 }));
  return {
    workload: { model: 'tiny', dataset: 'mnist', batchSize: 32, seed: 3, warmupSteps: 1, measuredSteps: 3 },
    backends: ['cpu', 'webgl', 'webgpu'],
    webgpuEngines: 'both',
    rows: [
      { ...raceRow('cpu', 200), stepTrace: trace('cpu') },
      { ...raceRow('webgl', 50), stepTrace: trace('webgl') },
    ],
  };
}

/** The same race with both WebGPU lanes finished, the app's engine first, as the race runs them. */
function raceOfBothEngines(): RaceCapture {
  const base = race();
  const trace = base.rows[1].stepTrace;
  return {
    ...base,
    rows: [...base.rows, { ...raceRow('webgpu', 10), engine: 'app', stepTrace: trace }, { ...raceRow('webgpu', 40), engine: 'tfjs', stepTrace: trace }],
  };
}

describe('a race as a shared result', () => {
  it('has a row and loss, throughput and memory curves per backend that finished, and the race settings', () => {
    const built = resultFromRace(race(), ENV, WHEN);
    if (!built.ok) throw new MessageError(built.reason);
    const { result } = built;
    expect(result.config).toMatchObject({ workload: 'cnn', model: 'tiny', dataset: 'mnist', batchSize: 32, seed: 3 });
    expect(result.race).toEqual({ backends: ['cpu', 'webgl', 'webgpu'], warmupSteps: 1, measuredSteps: 3, webgpuEngines: 'both' });
    expect(result.rows.map((r) => [r.backend, r.medianStepMs, r.peakBytes, r.finalLoss])).toEqual([
      ['cpu', 200, 8 * 1024 * 1024, 1.9],
      ['webgl', 50, 16 * 1024 * 1024, 1.9],
    ]);
    const throughput = result.curves.find((c) => c.name === 'examples/s (webgl)');
    expect(throughput?.points).toEqual([[2, 320], [3, 320], [4, 320]]);
    expect(result.curves.find((c) => c.name === 'memory bytes (cpu)')?.points[0]).toEqual([1, 800]);
    expect(result.curves).toHaveLength(6);
  });

  it('keeps both WebGPU lanes apart: the app’s engine’s row says so, TensorFlow.js’s says nothing, and their curves have names of their own', () => {
    const built = resultFromRace(raceOfBothEngines(), ENV, WHEN);
    if (!built.ok) throw new MessageError(built.reason);
    const { rows, curves } = built.result;
    expect(rows.map((r) => [r.backend, r.engine, r.medianStepMs])).toEqual([
      ['cpu', undefined, 200],
      ['webgl', undefined, 50],
      ['webgpu', 'app', 10],
      ['webgpu', undefined, 40],
    ]);
    expect(curves.filter((c) => c.name.startsWith('loss')).map((c) => c.name)).toEqual(['loss (cpu)', 'loss (webgl)', 'loss (webgpu app engine)', 'loss (webgpu)']);
    expect(new Set(curves.map((c) => c.name)).size).toBe(curves.length);
  });

  it('keeps one row of a lane measured twice: the app’s engine’s lane that fell back to TensorFlow.js’s kernels', () => {
    const both = raceOfBothEngines();
    const fellBack = { ...both.rows[2], engine: 'tfjs' as const, engineNote: msg('engine.gpu.fallback', { reason: 'x' }) };
    const built = resultFromRace({ ...both, rows: [both.rows[0], fellBack, both.rows[3]] }, ENV, WHEN);
    expect(built.ok && built.result.rows.map((r) => [r.backend, r.engine, r.medianStepMs])).toEqual([
      ['cpu', undefined, 200],
      ['webgpu', undefined, 10],
    ]);
  });

  it('survives its own link: what is decoded is what was encoded, both WebGPU lanes included', async () => {
    const both = resultFromRace(raceOfBothEngines(), ENV, WHEN);
    if (!both.ok) throw new MessageError(both.reason);
    expect((await decodeResultLink(await encodeResultLink(both.result))).result).toEqual(both.result);
    const built = resultFromRace(race(), ENV, WHEN);
    if (!built.ok) throw new MessageError(built.reason);
    const link = await encodeResultLink(built.result);
    const decoded = await decodeResultLink(link);
    expect(english(decoded.errors)).toEqual([]);
    expect(decoded.result).toEqual(built.result);
  });

  it('marks the rows that ran on a software GPU, from the probes, and says so of the hardware ones too', async () => {
    const software = { webgl: { renderer: 'SwiftShader', evidence: 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', fallbackAdapter: false } };
    const built = resultFromRace(race(), { ...ENV, software }, WHEN);
    if (!built.ok) throw new MessageError(built.reason);
    expect(built.result.rows.map((r) => [r.backend, r.softwareGpu])).toEqual([
      ['cpu', undefined],
      ['webgl', true],
    ]);
    const decoded = await decodeResultLink(await encodeResultLink(built.result));
    expect(decoded.result?.rows[1].softwareGpu).toBe(true);
    const hardware = resultFromRace(race(), { ...ENV, software: {} }, WHEN);
    expect(hardware.ok && hardware.result.rows[1].softwareGpu).toBe(false);
  });

  it('judges the rows from the device report where the probes were not heard (a partial report)', () => {
    const env = { ...ENV, device: { ...ENV.device, 'webgl.renderer': 'ANGLE (Mesa, llvmpipe (LLVM 15.0.7, 256 bits), OpenGL 4.5)' } };
    const built = resultFromRun(cnnRun([point(1), point(2)]), env, WHEN);
    expect(built.ok && built.result.rows[0].softwareGpu).toBe(true);
  });

  it('refuses a race in which no backend finished', () => {
    expect(resultFromRace({ ...race(), rows: [] }, ENV).ok).toBe(false);
  });
});
