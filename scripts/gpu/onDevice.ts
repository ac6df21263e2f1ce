/**
 * The app's WebGPU engine on a machine without a browser: Dawn's Node bindings (npm `webgpu`) as
 * navigator.gpu, TensorFlow.js's WebGPU backend on the same device, and the app's own code (CnnWorkload,
 * GanWorkload, the engine, the bench's step figures) bundled by scripts/gpu/bundle.sh. It prints, per model
 * and batch, both engines' step counted at the WebGPU API and timed; the Full seed run (classic CNN,
 * batch 64, 60k MNIST) to 99% test accuracy on the app's engine; and the MLP GAN's iteration; and writes
 * each model as Keras JSON for torch_gpu.py, which runs the same models beside it.
 *
 *   node engine.bundle.mjs --dawn dawn.node --data data --out OUT [--models tiny,classic,large,mlp]
 *     [--batches 64,256,1024] [--warmup 5] [--windows 3] [--window 20] [--expect-adapter nvidia]
 *     [--skip full,gan] [--full-seconds 120]
 *   node engine.bundle.mjs --merge OUT      (engine.json + torch.json → report.md)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { parseCnnConfig, type CnnRunConfig } from '../../src/config/cnnConfig';
import { parseGanConfig } from '../../src/config/ganConfig';
import type { GpuEngine } from '../../src/config/gpuEngines';
import { SHIPPED_IMAGE_SHAPE } from '../../src/config/imageShape';
import { CNN_MODEL_IDS, type CnnModelId, type GanModelId } from '../../src/config/models';
import { GanTrainer } from '../../src/engine/gan/ganSteps';
import { checkCandidates, type CandidateCheck } from '../../src/engine/gpu/bench/candidateCheck';
import type { TuningReport } from '../../src/engine/protocol/tuning';
import { getGanModel } from '../../src/models/gan/registry';
import { getCnnModel } from '../../src/models/registry';
import { askForEngineFeatures } from '../../src/engine/backends/webgpuFeatures';
import { loadDataset } from '../../src/data/loadDataset';
import { createFileReader } from '../../src/data/nodeReader';
import type { ImageDataset } from '../../src/data/types';
import { measureStepFigures } from '../../src/engine/gpu/bench/stepFigures';
import type { StepFigures } from '../../src/engine/protocol/stepFigures';
import { TrainingLoop } from '../../src/engine/trainingLoop';
import { CnnWorkload } from '../../src/engine/workloads/cnnWorkload';
import { GanWorkload } from '../../src/engine/workloads/ganWorkload';
import type { TrainingWorkload } from '../../src/engine/workloads/types';
import { mergeReport } from './report';

const { values: args } = parseArgs({
  options: {
    dawn: { type: 'string' },
    data: { type: 'string', default: 'public/data' },
    out: { type: 'string', default: 'gpu-out' },
    models: { type: 'string', default: CNN_MODEL_IDS.join(',') },
    batches: { type: 'string', default: '64,256,1024' },
    warmup: { type: 'string', default: '5' },
    windows: { type: 'string', default: '3' },
    window: { type: 'string', default: '20' },
    'expect-adapter': { type: 'string' },
    skip: { type: 'string', default: '' },
    gans: { type: 'string', default: 'mlp,dcgan' },
    'compare-models': { type: 'string', default: 'classic' },
    'compare-kernels': { type: 'string', default: 'legacy-tiled' },
    'check-batch': { type: 'string', default: '64' },
    'full-seconds': { type: 'string', default: '120' },
    merge: { type: 'string' },
  },
});

if (args.merge) {
  writeFileSync(join(args.merge, 'report.md'), mergeReport(args.merge));
  console.log(readFileSync(join(args.merge, 'report.md'), 'utf8'));
  process.exit(0);
}

const numbers = (text: string) => text.split(',').map(Number);
const skip = new Set(args.skip.split(',').filter(Boolean));
const record: Record<string, unknown> = { startedAt: new Date().toISOString() };

/** Dawn as navigator.gpu, then TensorFlow.js's WebGPU backend on it (it registers only if navigator.gpu exists when imported). */
async function webgpu(): Promise<GPUDevice> {
  const dawn = args.dawn ? (createRequire(import.meta.url)(resolve(args.dawn)) as typeof import('webgpu')) : await import('webgpu');
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create([]);
  Object.defineProperty(globalThis, 'navigator', { value: { ...(globalThis.navigator ?? {}), gpu }, configurable: true, writable: true });
  await import('@tensorflow/tfjs-backend-webgpu');
  // As the app's worker does: TensorFlow.js's device with the engine's features (subgroups) where the adapter has them.
  askForEngineFeatures();
  if (!(await tf.setBackend('webgpu'))) throw new Error('TensorFlow.js could not start its WebGPU backend on Dawn.');
  await tf.ready();
  const device = (tf.backend() as unknown as { device: GPUDevice }).device;
  const info = (device as GPUDevice & { adapterInfo?: GPUAdapterInfo }).adapterInfo;
  const adapter = info ? `${info.vendor} / ${info.architecture} / ${info.device} / ${info.description}` : 'unknown';
  record.adapter = adapter;
  record.features = [...(device.features as unknown as Iterable<string>)].sort();
  console.log(`adapter: ${adapter}`);
  if (args['expect-adapter'] && !new RegExp(args['expect-adapter'], 'i').test(adapter)) throw new Error(`adapter "${adapter}" does not match --expect-adapter ${args['expect-adapter']}: refusing to time the wrong device`);
  return device;
}

function cnnConfig(model: CnnModelId, batch: number, engine: GpuEngine, overrides: Record<string, string> = {}): CnnRunConfig {
  const { config, errors } = parseCnnConfig({ backend: 'webgpu', model, batchSize: String(batch), gpuEngine: engine, testExamples: '10000', ...overrides });
  if (errors.length) throw new Error(`settings refused: ${JSON.stringify(errors)}`);
  return config;
}

interface Row {
  workload: string;
  batch: number;
  engine: GpuEngine;
  /** The app's engine: 'tuned', or the candidate forced for every product. */
  kernels?: string;
  ran: GpuEngine;
  params: number;
  figures: StepFigures | null;
  examplesPerSec: number | null;
  tuning?: TuningReport | null;
  failure?: string;
}

/** The lanes of a network: TensorFlow.js's kernels, the app's engine tuned, and for compared models the app's engine with each compared kernel forced. */
function lanes(name: string): { engine: GpuEngine; kernels?: string }[] {
  const compared = args['compare-models'].split(',').includes(name) ? args['compare-kernels'].split(',').filter(Boolean) : [];
  return [{ engine: 'tfjs' }, { engine: 'app', kernels: 'tuned' }, ...compared.map((kernels) => ({ engine: 'app' as const, kernels }))];
}

function target(device: GPUDevice, lane: { engine: GpuEngine; kernels?: string }) {
  if (lane.engine !== 'app') return undefined;
  return lane.kernels && lane.kernels !== 'tuned' ? { device, gemm: lane.kernels } : { device };
}

async function measured(workload: TrainingWorkload, label: string, batch: number, lane: { engine: GpuEngine; kernels?: string }, params: number): Promise<Row> {
  const windows = Number(args.windows);
  const windowSteps = Number(args.window);
  const base = { workload: label, batch, engine: lane.engine, ...(lane.kernels ? { kernels: lane.kernels } : {}), ran: workload.info.engine, params };
  try {
    const figures = await measureStepFigures(workload, { warmupSteps: Number(args.warmup), windows, windowSteps });
    return { ...base, figures, examplesPerSec: (workload.examplesPerStep * 1000) / figures.stepMs, tuning: workload.engineTuning?.() ?? null };
  } catch (err) {
    return { ...base, figures: null, examplesPerSec: null, failure: err instanceof Error ? err.message : String(err) };
  } finally {
    workload.dispose();
  }
}

async function cnnRows(device: GPUDevice, data: ImageDataset): Promise<Row[]> {
  const rows: Row[] = [];
  mkdirSync(join(args.out, 'models'), { recursive: true });
  for (const model of args.models.split(',') as CnnModelId[]) {
    for (const batch of numbers(args.batches)) {
      for (const lane of lanes(model)) {
        console.log(`${model}, batch ${batch}, ${lane.engine}${lane.kernels ? ` (${lane.kernels})` : ''}…`);
        const workload = CnnWorkload.create(cnnConfig(model, batch, lane.engine), data, 'webgpu', {}, { engine: target(device, lane) });
        writeFileSync(join(args.out, 'models', `${model}.json`), JSON.stringify(workload.model.toJSON(null, false)));
        rows.push(await measured(workload, model, batch, lane, workload.info.params));
        console.log(JSON.stringify({ ...rows[rows.length - 1], tuning: rows[rows.length - 1].tuning?.source }));
      }
    }
  }
  return rows;
}

async function ganRows(device: GPUDevice, data: ImageDataset): Promise<Row[]> {
  const rows: Row[] = [];
  for (const model of args.gans.split(',').filter(Boolean) as GanModelId[]) {
    for (const batch of numbers(args.batches)) {
      for (const lane of lanes(`gan-${model}`)) {
        console.log(`${model} GAN, batch ${batch}, ${lane.engine}${lane.kernels ? ` (${lane.kernels})` : ''}…`);
        const { config } = parseGanConfig({ backend: 'webgpu', model, batchSize: String(batch), gpuEngine: lane.engine });
        const workload = GanWorkload.create(config, data, 'webgpu', {}, { engine: target(device, lane) });
        const params = workload.info.params;
        // torch_gpu.py reads the MLP GAN's networks under these names (the DCGAN's layers it has no twin for).
        if (model === 'mlp') {
          writeFileSync(join(args.out, 'models', 'gan-generator.json'), JSON.stringify(workload.trainer.generator.toJSON(null, false)));
          writeFileSync(join(args.out, 'models', 'gan-discriminator.json'), JSON.stringify(workload.trainer.discriminator.toJSON(null, false)));
        }
        rows.push(await measured(workload, `${model}-gan`, batch, lane, params));
        console.log(JSON.stringify({ ...rows[rows.length - 1], tuning: rows[rows.length - 1].tuning?.source }));
      }
    }
  }
  return rows;
}

/** Every candidate kernel against the reference on this GPU: the classic CNN and both DCGAN networks at --check-batch. */
async function candidateChecks(device: GPUDevice): Promise<Record<string, CandidateCheck[]>> {
  const out: Record<string, CandidateCheck[]> = {};
  const gan = new GanTrainer(getGanModel('dcgan'), parseGanConfig({ backend: 'webgpu', model: 'dcgan' }).config);
  const models: [string, tf.LayersModel][] = [
    ['classic', getCnnModel('classic').build(1, 10, SHIPPED_IMAGE_SHAPE)],
    ['dcgan generator', gan.generator],
    ['dcgan discriminator', gan.discriminator],
  ];
  for (const [name, model] of models) {
    console.log(`candidate check: ${name}…`);
    out[name] = await checkCandidates(device, model, Number(args['check-batch']));
    console.log(JSON.stringify(out[name]));
  }
  models[0][1].dispose();
  gan.dispose();
  return out;
}

/** The Full seed run on the app's engine: training time (evaluations apart) until the test accuracy reaches 99%, or 5 epochs. */
async function fullSeedRun(device: GPUDevice, data: ImageDataset): Promise<Record<string, unknown>> {
  const config = cnnConfig('classic', 64, 'app', { trainExamples: '60000', epochs: '5', learningRate: '0.001', seed: '42' });
  const workload = CnnWorkload.create(config, data, 'webgpu', {}, { engine: { device } });
  const epochs: { epoch: number; trainSeconds: number; testAccuracy: number }[] = [];
  let trainMs = 0;
  let reached: number | null = null;
  const deadline = performance.now() + Number(args['full-seconds']) * 1000;
  const loop = new TrainingLoop(workload, {
    onState: () => undefined,
    onFirstStep: () => undefined,
    onMetrics: (point) => {
      trainMs += point.stepMs * point.stepsInWindow;
      if (performance.now() > deadline) loop.stop();
    },
    onEpochEnd: async (epoch, step) => {
      const point = await workload.evaluate(step, epoch);
      epochs.push({ epoch, trainSeconds: trainMs / 1000, testAccuracy: point.testAccuracy });
      console.log(`full seed run: epoch ${epoch}, ${(trainMs / 1000).toFixed(2)} s of training, test accuracy ${(point.testAccuracy * 100).toFixed(2)}%`);
      if (point.testAccuracy >= 0.99 && reached === null) {
        reached = trainMs / 1000;
        loop.stop();
      }
    },
  });
  try {
    await loop.run();
  } finally {
    workload.dispose();
  }
  return { epochs, secondsTo99: reached, engine: workload.info.engine };
}

async function main(): Promise<void> {
  mkdirSync(args.out, { recursive: true });
  const device = await webgpu();
  const data = await loadDataset('mnist', createFileReader(args.data), undefined, { train: 60_000, test: 10_000 });
  if (!skip.has('check')) record.checks = await candidateChecks(device);
  record.cnn = await cnnRows(device, data);
  if (!skip.has('gan')) record.gan = await ganRows(device, data);
  if (!skip.has('full')) record.fullSeedRun = await fullSeedRun(device, data);
  record.endedAt = new Date().toISOString();
  writeFileSync(join(args.out, 'engine.json'), JSON.stringify(record, null, 2));
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    writeFileSync(join(args.out, 'engine.json'), JSON.stringify({ ...record, error: String(err?.stack ?? err) }, null, 2));
    // Dawn keeps the process alive while navigator.gpu is referenced.
    process.exit(1);
  });
