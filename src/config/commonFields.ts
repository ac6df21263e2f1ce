/**
 * Fields more than one settings table carries, declared once: the CNN form, the GAN form and the
 * lab all read the same limits, labels and help.
 */
import { BACKEND_LABELS, BACKEND_NAMES, type BackendName } from './backends';
import { DATASET_IDS, DATASET_LABELS, OWN_DATASET_ID, type DatasetId } from './datasets';
import { GPU_ENGINE_LABELS, GPU_ENGINES, type GpuEngine } from './gpuEngines';
import { CNN_MODEL_IDS, CNN_MODEL_LABELS, type CnnModelId } from './models';
import type { EnumField, IntField } from './schema';

export const backendField = {
  kind: 'enum',
  label: 'Backend',
  help: 'Where the arithmetic runs: plain-JS CPU, WebAssembly SIMD, WebGL or WebGPU.',
  default: 'webgl' as BackendName,
  options: BACKEND_NAMES,
  optionLabels: BACKEND_LABELS,
} as const satisfies EnumField<BackendName>;

export const cnnModelField = {
  kind: 'enum',
  label: 'Model',
  help: 'The network to train; the classic one is the Keras MNIST example.',
  default: 'classic' as CnnModelId,
  options: CNN_MODEL_IDS,
  optionLabels: CNN_MODEL_LABELS,
} as const satisfies EnumField<CnnModelId>;

/** The data set of the CNN, the GAN studio and the lab: MNIST, Fashion-MNIST, or one of your own kept in this browser (`own:<16 hex>`, listed by its name). */
export const datasetField = {
  kind: 'enum',
  label: 'Data set',
  help: 'Handwritten digits, or the harder Fashion-MNIST clothing images; both 28×28 grey.',
  default: 'mnist' as DatasetId,
  options: DATASET_IDS,
  optionLabels: DATASET_LABELS,
  accepts: OWN_DATASET_ID,
} as const satisfies EnumField<DatasetId>;

export const batchSizeField = {
  kind: 'int',
  label: 'Batch size',
  help: 'Examples per training step: larger batches give a GPU more parallel work and need more memory.',
  default: 64,
  min: 1,
  max: 4096,
  unit: 'examples',
} as const satisfies IntField;

export const seedField = {
  kind: 'int',
  label: 'Seed',
  group: 'training',
  help: 'Fixes the initial weights and the data order, so a run can be repeated exactly.',
  default: 42,
  min: 0,
  max: 2 ** 31 - 1,
} as const satisfies IntField;

/** How often a training run (CNN or GAN) copies its whole state to worker memory, for resuming after a lost GPU. */
export const checkpointEveryField = {
  kind: 'int',
  group: 'pipeline',
  label: 'Checkpoint every',
  help: 'Copy weights and optimizer state to worker memory this often, so a lost GPU resumes from there; 0: at epoch ends only.',
  default: 100,
  min: 0,
  max: 100_000,
  unit: 'steps',
} as const satisfies IntField;

/** On WebGPU, the app's own training engine or TensorFlow.js's kernels (src/config/gpuEngines.ts). */
export const gpuEngineField = {
  kind: 'enum',
  group: 'pipeline',
  label: 'WebGPU engine',
  help: "On WebGPU: the app's own engine (the model compiled into a few fused kernels, one submit a step) or TensorFlow.js's kernels. Other backends always run TensorFlow.js.",
  default: 'app' as GpuEngine,
  options: GPU_ENGINES,
  optionLabels: GPU_ENGINE_LABELS,
} as const satisfies EnumField<GpuEngine>;
