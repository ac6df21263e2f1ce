import { msg, type Message } from '../i18n/message';
import { backendMessage, BACKENDS } from './backends';
import { backendField, batchSizeField, checkpointEveryField, cnnModelField, datasetField, gpuEngineField, seedField } from './commonFields';
import { TEST_SET_SIZE, TRAIN_SET_SIZE } from './datasets';
import { table, workloadConfig, type EnumField, type FieldError, type ValuesOf } from './schema';

export const PRECISIONS = ['float32', 'float16'] as const;
export type Precision = (typeof PRECISIONS)[number];
export const PREFETCH_OPTIONS = ['on', 'off'] as const;
export const DATA_PLACEMENTS = ['device', 'host'] as const;
export type DataPlacement = (typeof DATA_PLACEMENTS)[number];

/** The CNN training view's settings: defaults, limits, labels and help in one table. */
export const CNN_SCHEMA = {
  backend: backendField,
  // The defaults are the quick first run (src/config/cnnPresets.ts, measured by scripts/firstRun.ts).
  model: { ...cnnModelField, default: 'tiny' },
  dataset: datasetField,
  batchSize: { ...batchSizeField, default: 32 },
  learningRate: { kind: 'float', label: 'Learning rate', help: "Adam's step size.", default: 0.001, min: 1e-6, max: 1, group: 'training' },
  epochs: { kind: 'int', label: 'Epochs', help: 'Passes over the training examples.', default: 1, min: 1, max: 100 },
  trainExamples: {
    kind: 'int',
    group: 'training',
    label: 'Training examples',
    help: 'How many of the data set’s training images to use: fewer finish sooner.',
    default: 30_000,
    min: 100,
    max: TRAIN_SET_SIZE,
  },
  testExamples: {
    kind: 'int',
    group: 'training',
    label: 'Test examples',
    help: 'Held-out images the accuracy is measured on at each epoch end.',
    default: 2_000,
    min: 100,
    max: TEST_SET_SIZE,
  },
  seed: seedField,
  accumulationSteps: {
    kind: 'int',
    group: 'pipeline',
    label: 'Accumulate gradients over',
    help: 'Micro-batches whose gradients are summed on the device before one optimizer step: an effective batch of batch size × this, in the memory of one micro-batch.',
    default: 1,
    min: 1,
    max: 64,
    unit: 'micro-batches',
  },
  precision: {
    kind: 'enum',
    group: 'pipeline',
    label: 'Precision',
    help: 'Store tensors in 32-bit or 16-bit floats, where the backend can train in 16 bits.',
    default: 'float32' as Precision,
    options: PRECISIONS,
    optionLabels: { float32: '32-bit floats', float16: '16-bit floats' },
  } as const satisfies EnumField<Precision>,
  prefetch: {
    kind: 'enum',
    group: 'pipeline',
    label: 'Prefetch',
    help: 'Prepare the next batch right after this step is dispatched, so a GPU never waits for it.',
    default: 'on',
    options: PREFETCH_OPTIONS,
  } as const satisfies EnumField<(typeof PREFETCH_OPTIONS)[number]>,
  dataPlacement: {
    kind: 'enum',
    group: 'pipeline',
    label: 'Training data',
    help: 'Keep the training images on the device and gather each batch there, or build each batch in JavaScript and upload it.',
    default: 'device' as DataPlacement,
    options: DATA_PLACEMENTS,
    optionLabels: { device: 'on the device', host: 'uploaded each batch from JS' },
  } as const satisfies EnumField<DataPlacement>,
  memoryBudgetMb: {
    kind: 'int',
    group: 'pipeline',
    label: 'GPU memory budget',
    help: 'A run predicted to need more is refused before anything is uploaded, and one that grows past it pauses; 0 means no budget.',
    default: 0,
    min: 0,
    max: 65_536,
    unit: 'MB',
  },
  checkpointEvery: checkpointEveryField,
  gpuEngine: gpuEngineField,
} as const;

/** Why a backend cannot train in 16-bit floats, or null where it can. */
export function float16Refusal(backend: keyof typeof BACKENDS): Message | null {
  if (BACKENDS[backend].float16.supported) return null;
  // The note is the table's English under its generated id (src/i18n/tableMessages.ts).
  return msg('validation.float16', { backend: backendMessage(backend), note: msg(`backend.${backend}.float16`) });
}

export const CNN_TABLE = table('cnn', CNN_SCHEMA, [
  { keys: ['precision', 'backend'], check: (v) => (v.precision === 'float16' ? float16Refusal(v.backend) : null) },
]);

export type CnnSettings = ValuesOf<typeof CNN_SCHEMA>;
export interface CnnRunConfig extends CnnSettings {
  workload: 'cnn';
}

const cnnConfig = workloadConfig('cnn', CNN_TABLE);
export const defaultCnnConfig: () => CnnRunConfig = cnnConfig.defaults;
/** Reads raw (form, link or command) values into a CNN config; refused fields keep their defaults and are reported. */
export const parseCnnConfig: (raw: Readonly<Record<string, unknown>>) => { config: CnnRunConfig; errors: FieldError[] } = cnnConfig.parse;
