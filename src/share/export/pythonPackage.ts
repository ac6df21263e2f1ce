/**
 * The "Export for TensorFlow" package: train.py, verify.py, README, the browser-trained weights, the
 * app's check outputs and, for a run on a data set of your own, that set (dataset.npz), zipped. Pure:
 * the worker hands over topologies, weights and the data set's file, this writes files.
 */
import { zipSync, type Zippable } from 'fflate';
import type { RunConfig } from '../../config/workloads';
import { cnnTrainScript } from './cnnScript';
import { exportReadme } from './exportReadme';
import { ganTrainScript } from './ganScript';
import { ExportError, kerasModelFunction, readTopology } from './kerasModel';
import type { ExportedModel, ExportedRun, ExportRole, NpyArray } from '../../engine/protocol/export';
import { encodeNpz } from '../../engine/protocol/npy';
import { verifyScript, type VerifiedModel } from './verifyScript';

export interface ExportInput extends ExportedRun {
  config: RunConfig;
  modelLabel: string;
  appVersion: string;
}

/** The package's copy of a data set of your own. */
export const DATASET_FILE = 'dataset.npz';

export const REQUIREMENTS = 'tensorflow>=2.16\nkeras>=3.0\ntensorboard\nnumpy\n';

function weightArrays(models: readonly ExportedModel[]): Record<string, NpyArray> {
  const out: Record<string, NpyArray> = {};
  for (const model of models) {
    model.weights.forEach((w, i) => {
      // Zero-padded index first: train.py sorts the names to get the model's weight order back.
      out[`${model.role}_${String(i).padStart(3, '0')}_${w.name.replace(/[^A-Za-z0-9_]/g, '_')}`] = { dtype: 'float32', shape: w.shape, data: w.values };
    });
  }
  return out;
}

function roleModel(models: readonly ExportedModel[], role: ExportRole): ExportedModel {
  const model = models.find((m) => m.role === role);
  if (!model) throw new ExportError(`The export has no ${role}`);
  return model;
}

/** Every file of the package, by path. */
export function pythonPackageFiles(input: ExportInput): Record<string, string | Uint8Array> {
  const { config, models } = input;
  const topologies = Object.fromEntries(models.map((m) => [m.role, readTopology(m.topology)]));
  let train: string;
  if (config.workload === 'gan') {
    const g = kerasModelFunction('build_generator', topologies.generator ?? readTopology(roleModel(models, 'generator').topology));
    const d = kerasModelFunction('build_discriminator', topologies.discriminator ?? readTopology(roleModel(models, 'discriminator').topology));
    train = ganTrainScript(config, g, d, input.modelLabel);
  } else {
    train = cnnTrainScript(config, kerasModelFunction('build_model', topologies.model ?? readTopology(roleModel(models, 'model').topology)), input.modelLabel);
  }
  const verified: VerifiedModel[] = models.map((m) => ({ role: m.role, params: m.params, input: m.check.input, output: m.check.output }));
  const files: Record<string, string | Uint8Array> = {
    'train.py': train,
    'verify.py': verifyScript(verified),
    'README.md': exportReadme(config, input.modelLabel, input.dataset),
    'requirements.txt': REQUIREMENTS,
    'run.json': JSON.stringify({ app: 'GPU Playground', appVersion: input.appVersion, config }, null, 2),
    'weights.npz': encodeNpz(weightArrays(models)),
    'check.npz': encodeNpz(input.check),
  };
  for (const m of models) files[`${m.role === 'model' ? 'model' : m.role}_topology.json`] = JSON.stringify(m.topology);
  // A data set of your own, made (and deflated) by the device worker: train.py reads it instead of keras.datasets.
  if (input.dataset) files[DATASET_FILE] = input.dataset.file;
  return files;
}

/** The package as one zip, every file under one folder named after the run; dataset.npz is stored as it is (already deflated). */
export function zipPythonPackage(input: ExportInput, folder: string): Uint8Array {
  const files = pythonPackageFiles(input);
  const encoder = new TextEncoder();
  const entry = (path: string, content: string | Uint8Array): Zippable[string] => {
    const bytes = typeof content === 'string' ? encoder.encode(content) : content;
    return path === DATASET_FILE ? [bytes, { level: 0 }] : bytes;
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, content]) => [`${folder}/${path}`, entry(path, content)])));
}
