/**
 * `npm run test:export`: the "Export for TensorFlow" packages tested for real. For the tiny and classic
 * CNNs, the MLP GAN and the DCGAN it trains a few steps in Node (tfjs wasm with the app's kernels), writes the package, and runs
 * it with Python + TensorFlow (--python, default `python3`):
 *   verify.py   the Keras model has the app's parameter count (93,322 for the classic CNN) and, with the
 *               browser-trained weights, the app's outputs on its check inputs within 1e-4;
 *   train.py    a few steps on a slice of MNIST with MirroredStrategy over 2 logical CPU devices: the
 *               global batch is split across 2 replicas, and the loss falls (CNNs) or stays finite (GANs).
 * And the tiny CNN trained on a small data set of your own (3 classes of drawn shapes; and again as 32 x 32 colour): its package carries
 * the set as dataset.npz, and train.py (no --data) trains one epoch on it with a 3-way output.
 * In every route, first `python -m py_compile` on every .py file of the package (train.py and verify.py
 * included where they are not run), so a syntax error in generated code fails the check.
 * With --route auto (the default) and a --python without TensorFlow, it installs tensorflow-cpu and tensorboard
 * into the ignored venv .venv-export with pip as the machine has it configured (made once, reused; --no-install
 * turns that off): scripts/export/pythonEnv.ts. Only where pip cannot install them, --route numpy checks the
 * same packages with scripts/export/numpy_check.py instead: parameter counts and the app's outputs within 1e-4
 * from the package's topology and weights in NumPy; train.py is not run then, and the output says why.
 * Without Python and NumPy it fails under CI=true and skips with a message elsewhere.
 * Last, the TensorBoard log of a short tiny-CNN run is read back by scripts/tensorboard/check_events.py (its own
 * framing and CRC-32C reader; TensorBoard's EventAccumulator too where `tensorboard` imports).
 * Prints a Markdown table; exits 1 when any check fails.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { unzipSync } from 'fflate';
import { defaultCnnConfig, type CnnRunConfig } from '../src/config/cnnConfig';
import { ownDatasetId } from '../src/config/datasets';
import { defaultGanConfig, type GanRunConfig } from '../src/config/ganConfig';
import { CNN_MODEL_LABELS, GAN_MODEL_LABELS } from '../src/config/models';
import { loadDataset } from '../src/data/loadDataset';
import { buildOwnDataset } from '../src/data/own/document';
import { ownDatasetHash } from '../src/data/own/hash';
import { colourDataset } from '../src/data/own/testing/colourFixtures';
import { OPTIONS, classNames, shapesPool } from '../src/data/own/testing/fixtures';
import { trainableDataset } from '../src/data/own/trainable';
import { createFileReader } from '../src/data/nodeReader';
import type { ImageDataset } from '../src/data/types';
import { registerWasmTrainingKernels } from '../src/engine/backends/wasmKernels';
import { ownDatasetNpz } from '../src/engine/export/datasetNpz';
import { exportClassifier, exportGan } from '../src/engine/export/exportRun';
import type { ExportedRun } from '../src/engine/protocol/export';
import { CnnWorkload } from '../src/engine/workloads/cnnWorkload';
import { GanWorkload } from '../src/engine/workloads/ganWorkload';
import { encodeNpz } from '../src/engine/protocol/npy';
import { zipPythonPackage } from '../src/share/export/pythonPackage';
import { version as APP_VERSION } from '../package.json';
import { pythonForExport } from './export/pythonEnv';
import { checkRealRunLog } from './tensorboard/realRunLog';

const run = promisify(execFile);
const { values: args } = parseArgs({ options: { python: { type: 'string', default: 'python3' }, route: { type: 'string', default: 'auto' }, keep: { type: 'boolean', default: false }, 'no-install': { type: 'boolean', default: false } } });
type Route = 'keras' | 'numpy';
const NUMPY_CHECK = path.resolve('scripts/export/numpy_check.py');

/** Browser-side training before export, so the weights are not the initial ones. */
const APP_STEPS = 5;
const SLICE_TRAIN = 2048;
const SLICE_TEST = 200;
const PY_TIMEOUT_MS = 300_000;
/** The own data set's package: 3 classes x 40 shapes, one epoch of train.py on it. */
const OWN_CLASSES = 3;
const OWN_PER_CLASS = 40;

interface Row {
  name: string;
  compiled: string;
  params: string;
  maxDiff: string;
  replicas: string;
  globalBatch: string;
  loss: string;
  ok: boolean;
  note: string;
  seconds: string;
}

async function trainCnn(config: CnnRunConfig, data: ImageDataset): Promise<ExportedRun> {
  const workload = CnnWorkload.create(config, data, 'wasm', {});
  try {
    for (let i = 0; i < APP_STEPS; i++) tf.dispose(Object.values(workload.step()));
    return await exportClassifier(workload.model, data.test);
  } finally {
    workload.dispose();
  }
}

/** A small data set of your own (3 classes of drawn shapes, 40 each), as the device worker reads one. */
async function ownShapes(): Promise<ImageDataset> {
  const document = buildOwnDataset(shapesPool(OWN_PER_CLASS), classNames(OWN_CLASSES), OPTIONS);
  return trainableDataset(ownDatasetId(await ownDatasetHash(document)), document);
}

/** The same as 32 x 32 colour: 3 classes of coloured shapes on paper, imported from generated PNGs. */
async function ownColourShapes(): Promise<ImageDataset> {
  const document = await colourDataset(OWN_PER_CLASS);
  return trainableDataset(ownDatasetId(await ownDatasetHash(document)), document);
}

async function trainGan(config: GanRunConfig, data: ImageDataset): Promise<ExportedRun> {
  const workload = GanWorkload.create(config, data, 'wasm', {});
  try {
    for (let i = 0; i < APP_STEPS; i++) tf.dispose(Object.values(workload.step()));
    return await exportGan(workload.trainer.generator, workload.trainer.discriminator, config.latentSize, data.train);
  } finally {
    workload.dispose();
  }
}

function unpack(zip: Uint8Array, into: string): string {
  let folder = '';
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    const target = path.join(into, name);
    folder = path.dirname(target);
    mkdirSync(folder, { recursive: true });
    writeFileSync(target, bytes);
  }
  return folder;
}

/** Byte-compiles every .py of the package (its own scripts), so generated code with a syntax error fails in every route. */
async function compileAll(folder: string): Promise<string[]> {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.py')).sort();
  if (!files.length) throw new Error('the package holds no .py file');
  await run(args.python, ['-m', 'py_compile', ...files], { cwd: folder, timeout: PY_TIMEOUT_MS });
  return files;
}

async function python(cwd: string, script: string, extra: string[]): Promise<string> {
  const { stdout } = await run(args.python, [script, ...extra], { cwd, timeout: PY_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, TF_CPP_MIN_LOG_LEVEL: '2' } });
  return stdout;
}

function lastJson<T>(text: string): T {
  const line = text.trim().split('\n').reverse().find((l) => l.startsWith('{'));
  if (!line) throw new Error(`no JSON summary in:\n${text.slice(-2000)}`);
  return JSON.parse(line) as T;
}

async function imports(module: string): Promise<boolean> {
  try {
    await run(args.python, ['-c', `import ${module}`], { timeout: PY_TIMEOUT_MS });
    return true;
  } catch {
    return false;
  }
}

/** Which check this machine can run: Keras where TensorFlow imports or pip can install it (pythonEnv.ts), NumPy where only it does. */
async function pickRoute(): Promise<Route | null> {
  if (args.route === 'keras' || args.route === 'numpy') return args.route;
  if (args.route !== 'auto') throw new Error(`--route must be auto, keras or numpy, not ${args.route}`);
  const choice = await pythonForExport(args.python, !args['no-install']);
  console.log(`Python: ${choice.python} (${choice.said})`);
  args.python = choice.python;
  if (choice.tensorflow) return 'keras';
  return (await imports('numpy')) ? 'numpy' : null;
}

/** A package of a run on a data set of your own: train.py reads the dataset.npz it carries (no --data), for one epoch. */
interface OwnExpect {
  classes: number;
  trainExamples: number;
}

async function check(route: Route, name: string, exported: ExportedRun, config: CnnRunConfig | GanRunConfig, label: string, slice: string, dir: string, expectParams?: number, own?: OwnExpect): Promise<Row> {
  const folder = unpack(zipPythonPackage({ ...exported, config, modelLabel: label, appVersion: APP_VERSION }, name), dir);
  const row: Row = { name, compiled: '', params: '', maxDiff: '', replicas: '', globalBatch: '', loss: '', ok: false, note: '', seconds: '' };
  try {
    row.compiled = (await compileAll(folder)).join(', ');
    const output = route === 'keras' ? await python(folder, 'verify.py', []) : await python(folder, NUMPY_CHECK, [folder]);
    const verify = lastJson<Record<string, { params: number; expected_params: number; max_abs_diff: number }>>(output);
    const models = Object.values(verify);
    row.params = models.map((m) => m.params).join(' + ');
    row.maxDiff = Math.max(...models.map((m) => m.max_abs_diff)).toExponential(1);
    const paramsOk = models.every((m) => m.params === m.expected_params) && (expectParams === undefined || models[0].params === expectParams);
    if (route === 'numpy') {
      row.replicas = row.globalBatch = row.loss = 'not run (no TensorFlow)';
      row.ok = paramsOk && models.every((m) => m.max_abs_diff <= 1e-4);
      return row;
    }
    const summaryPath = path.join(folder, 'summary.json');
    const gan = config.workload === 'gan';
    const trainArgs = gan ? ['--steps', '20', '--batch-size', '8', '--data', slice] : own ? ['--epochs', '1', '--batch-size', '16'] : ['--epochs', '3', '--steps', '8', '--batch-size', '16', '--data', slice];
    await python(folder, 'train.py', [...trainArgs, '--logical-cpus', '2', '--logdir', path.join(folder, 'logs'), '--out', path.join(folder, 'trained'), '--summary', summaryPath]);
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as {
      replicas: number;
      global_batch: number;
      per_replica_batch: number;
      loss?: number[];
      d_loss?: number[];
      g_loss?: number[];
      classes?: number;
      train_examples?: number;
    };
    row.replicas = String(summary.replicas);
    row.globalBatch = `${summary.global_batch} = ${summary.replicas} × ${summary.per_replica_batch}`;
    const losses = gan ? [...(summary.d_loss ?? []), ...(summary.g_loss ?? [])] : (summary.loss ?? []);
    // One epoch on the own set: a finite loss, and the set it carries (its class count and training images), not MNIST.
    const ownOk = !own || (summary.classes === own.classes && summary.train_examples === own.trainExamples);
    const lossOk = gan || own ? losses.length > 0 && losses.every(Number.isFinite) : losses.length > 1 && losses[losses.length - 1] < losses[0];
    row.loss = gan ? `D ${summary.d_loss?.at(-1)?.toFixed(3)}, G ${summary.g_loss?.at(-1)?.toFixed(3)}` : losses.map((l) => l.toFixed(3)).join(' → ');
    if (own) row.loss += ` (${summary.classes} classes, ${summary.train_examples} images from dataset.npz)`;
    row.ok = paramsOk && models.every((m) => m.max_abs_diff <= 1e-4) && summary.replicas === 2 && summary.global_batch === 2 * summary.per_replica_batch && lossOk && ownOk;
  } catch (err) {
    row.note = (err as Error).message.split('\n').slice(0, 6).join(' ');
  }
  return row;
}

async function main(): Promise<void> {
  const route = await pickRoute();
  if (route === null) {
    const message = `test:export: ${args.python} cannot import numpy (nor tensorflow), so the exported packages cannot be checked here. Install Python 3 with NumPy (Debian: apt-get install python3-numpy) or TensorFlow.`;
    if (process.env.CI) throw new Error(message);
    console.warn(`${message} Skipped.`);
    return;
  }
  console.log(`Route: ${route === 'keras' ? 'Keras (TensorFlow): verify.py and train.py with MirroredStrategy' : 'NumPy: the packages\' topology and weights checked without TensorFlow; train.py not run'}`);
  // wasm with the app's own gradient kernels: the plain-JS cpu backend takes minutes for the classic CNN.
  registerWasmTrainingKernels();
  if (!(await tf.setBackend('wasm'))) throw new Error('The wasm backend did not start.');
  const data = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: SLICE_TRAIN, test: SLICE_TEST });
  const dir = mkdtempSync(path.join(tmpdir(), 'export-check-'));
  const slice = path.join(dir, 'slice.npz');
  const u8 = (d: Uint8Array, shape: number[]) => ({ dtype: 'uint8' as const, shape, data: d });
  writeFileSync(
    slice,
    encodeNpz({
      x_train: u8(data.train.images, [data.train.count, 28, 28]),
      y_train: u8(data.train.labels, [data.train.count]),
      x_test: u8(data.test.images, [data.test.count, 28, 28]),
      y_test: u8(data.test.labels, [data.test.count]),
    }),
  );
  const cnn = (model: CnnRunConfig['model']): CnnRunConfig => ({ ...defaultCnnConfig(), backend: 'wasm', model, batchSize: 16, trainExamples: SLICE_TRAIN, testExamples: SLICE_TEST, seed: 3 });
  const gan = (model: GanRunConfig['model']): GanRunConfig => ({ ...defaultGanConfig(), backend: 'wasm', model, batchSize: 16, seed: 3 });
  const rows: Row[] = [];
  let tensorboard = '';
  let tensorboardFailed = false;
  try {
    const timed = async (row: () => Promise<Row>): Promise<void> => {
      const start = performance.now();
      const done = await row();
      done.seconds = ((performance.now() - start) / 1000).toFixed(0);
      console.error(`${done.name}: ${done.seconds} s`);
      rows.push(done);
    };
    for (const model of ['tiny', 'classic'] as const) {
      const config = cnn(model);
      await timed(async () => check(route, `cnn-${model}`, await trainCnn(config, data), config, CNN_MODEL_LABELS[model], slice, dir, model === 'classic' ? 93_322 : undefined));
    }
    const own = await ownShapes();
    const ownConfig: CnnRunConfig = { ...cnn('tiny'), dataset: own.id, trainExamples: own.train.count, testExamples: own.test.count };
    await timed(async () => check(route, 'cnn-tiny-own-data', { ...(await trainCnn(ownConfig, own)), dataset: ownDatasetNpz(own) }, ownConfig, CNN_MODEL_LABELS.tiny, slice, dir, undefined, { classes: own.classCount, trainExamples: own.train.count }));
    const colour = await ownColourShapes();
    const colourConfig: CnnRunConfig = { ...cnn('tiny'), dataset: colour.id, trainExamples: colour.train.count, testExamples: colour.test.count };
    await timed(async () => check(route, 'cnn-tiny-own-colour', { ...(await trainCnn(colourConfig, colour)), dataset: ownDatasetNpz(colour) }, colourConfig, CNN_MODEL_LABELS.tiny, slice, dir, undefined, { classes: colour.classCount, trainExamples: colour.train.count }));
    for (const model of ['mlp', 'dcgan'] as const) {
      const config = gan(model);
      await timed(async () => check(route, `gan-${model}`, await trainGan(config, data), config, GAN_MODEL_LABELS[model], slice, dir));
    }
    tensorboard = await checkRealRunLog(args.python, cnn('tiny'), data, mkdtempSync(path.join(dir, 'tensorboard-'))).catch((err: unknown) => {
      tensorboardFailed = true;
      return (err as Error).message;
    });
  } finally {
    if (!args.keep) rmSync(dir, { recursive: true, force: true });
    else console.error(`kept ${dir}`);
  }
  console.log('| package | py_compile | params (Python) | max |app − Python| | replicas | global batch | loss (per epoch / last) | s (app + Python) | ok |');
  console.log('|---|---|---:|---:|---:|---|---|---:|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.compiled} | ${r.params} | ${r.maxDiff} | ${r.replicas} | ${r.globalBatch} | ${r.loss} | ${r.seconds} | ${r.ok ? 'yes' : `NO ${r.note}`} |`);
  console.log(`\nThe TensorBoard log of a short tiny-CNN run (scripts/tensorboard/check_events.py):\n${tensorboard.trim()}`);
  if (rows.some((r) => !r.ok) || tensorboardFailed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
