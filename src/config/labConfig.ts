import { BACKEND_LABELS, BACKEND_NAMES, RACE_DEFAULT_BACKENDS, type BackendName } from './backends';
import { batchSizeField, cnnModelField, datasetField, seedField } from './commonFields';
import { RACE_GPU_ENGINE_OPTIONS, type RaceGpuEngines } from './gpuEngines';
import { msg, type Message } from '../i18n/message';
import { defaultsOf, readSettings, table, type EnumField, type FieldError, type IntField, type ValuesOf } from './schema';

const jobBackendField = (label: string, help: string) =>
  ({ kind: 'enum', label, help, default: 'webgpu' as BackendName, options: BACKEND_NAMES, optionLabels: BACKEND_LABELS }) as const satisfies EnumField<BackendName>;

const sizeField = (label: string, help: string, min: number, max: number, fallback: number, unit: string) =>
  ({ kind: 'int', label, help, default: fallback, min, max, unit, powerOfTwo: true }) as const satisfies IntField;

/**
 * Every setting of the Benchmark lab, one table for all its jobs: the workload a race, batch sweep,
 * anatomy and profile train (defaults: the classic CNN at batch 64, 2 warm-up + 10 measured steps,
 * so a race takes well under a minute on a laptop), the backends the race and sweeps run on, and
 * each job's own settings.
 */
export const LAB_SCHEMA = {
  model: cnnModelField,
  dataset: datasetField,
  batchSize: batchSizeField,
  seed: seedField,
  warmupSteps: {
    kind: 'int',
    label: 'Warm-up steps',
    help: 'Untimed steps first: shader compilation and upload happen here, not in the figures.',
    default: 2,
    min: 1,
    max: 100,
    unit: 'steps',
  },
  measuredSteps: {
    kind: 'int',
    label: 'Measured steps',
    help: 'Timed steps after the warm-up; the median and p90 are over these.',
    default: 10,
    min: 2,
    max: 1000,
    unit: 'steps',
  },
  backends: {
    kind: 'list',
    label: 'Backends',
    help: 'The backends the race and the sweeps run on, one after the other.',
    default: RACE_DEFAULT_BACKENDS,
    options: BACKEND_NAMES,
    optionLabels: BACKEND_LABELS,
    minItems: 1,
    maxItems: BACKEND_NAMES.length,
  },
  webgpuEngines: {
    kind: 'enum',
    label: 'WebGPU engines',
    help: "Race WebGPU with the app's own engine, with TensorFlow.js's kernels, or both side by side: how much of a step is the hardware, and how much the software around it.",
    default: 'both' as RaceGpuEngines,
    options: RACE_GPU_ENGINE_OPTIONS,
    optionLabels: { both: 'Both, side by side', app: "The app's engine", tfjs: 'TensorFlow.js' },
  } as const satisfies EnumField<RaceGpuEngines>,
  matmulFrom: sizeField('Matrix size from', 'The smallest n×n product the size sweep times.', 16, 4096, 32, 'n'),
  matmulTo: sizeField('Matrix size to', 'The largest n×n product the size sweep times.', 16, 4096, 2048, 'n'),
  matmulWarmupRuns: {
    kind: 'int',
    group: 'timing',
    label: 'Warm-up runs per size',
    help: 'Untimed products before each size is timed.',
    default: 2,
    min: 0,
    max: 20,
    unit: 'runs',
  },
  matmulTimedRuns: { kind: 'int', group: 'timing', label: 'Timed runs per size', help: 'Each size’s figure is the median of these.', default: 5, min: 1, max: 100, unit: 'runs' },
  sweepBudgetSeconds: {
    kind: 'int',
    group: 'timing',
    label: 'Longest sweep point',
    help: "A sweep point predicted to take longer is skipped, and ends that backend's sweep.",
    default: 20,
    min: 1,
    max: 600,
    unit: 's',
  },
  batchFrom: sizeField('Batch size from', 'The smallest batch the batch sweep trains.', 1, 4096, 16, 'examples'),
  batchTo: sizeField('Batch size to', 'The largest batch the batch sweep trains; it stops early where memory runs out.', 1, 4096, 512, 'examples'),
  anatomyBackend: jobBackendField('Backend to dissect', 'The backend whose training step is taken apart.'),
  syncSteps: {
    kind: 'int',
    label: 'Steps timed per sync mode',
    help: 'Steps timed syncing every step, then as many syncing every k.',
    default: 20,
    min: 1,
    max: 10_000,
    unit: 'steps',
  },
  everyK: { kind: 'int', label: 'Sync every k steps', help: 'How many steps are queued before one read-back.', default: 10, min: 1, max: 1000, unit: 'steps' },
  profileBackend: jobBackendField('Backend to profile', 'The backend whose kernels of one training step are listed.'),
  paritySteps: {
    kind: 'int',
    label: 'Parity steps',
    help: 'Training steps each backend takes from the same start, for the parity check.',
    default: 20,
    min: 2,
    max: 500,
    unit: 'steps',
  },
} as const;

/** A range's low end above its high end, both named by their labels. */
function notAbove(low: keyof typeof LAB_SCHEMA, high: keyof typeof LAB_SCHEMA, values: Record<string, unknown>): Message | null {
  const [lowValue, highValue] = [Number(values[low]), Number(values[high])];
  if (lowValue <= highValue) return null;
  return msg('validation.notAbove', { low: msg(`setting.lab.${low}.label`), lowValue, high: msg(`setting.lab.${high}.label`), highValue });
}

export const LAB_TABLE = table('lab', LAB_SCHEMA, [
  { keys: ['matmulFrom', 'matmulTo'], check: (v) => notAbove('matmulFrom', 'matmulTo', v) },
  { keys: ['batchFrom', 'batchTo'], check: (v) => notAbove('batchFrom', 'batchTo', v) },
]);

export type LabSettings = ValuesOf<typeof LAB_SCHEMA>;
export type LabKey = keyof LabSettings;

/** What a race records of its own settings (a shared race result carries these): its backends, and on WebGPU which engines raced. */
export type RaceSettings = Pick<LabSettings, 'backends' | 'warmupSteps' | 'measuredSteps' | 'webgpuEngines'>;

/** The training workload of a race, batch sweep, anatomy or profile: the same on every backend. */
export type LabWorkload = Pick<LabSettings, 'model' | 'dataset' | 'batchSize' | 'seed' | 'warmupSteps' | 'measuredSteps'>;

export function defaultLabSettings(): LabSettings {
  return defaultsOf(LAB_SCHEMA);
}

export function parseLabSettings(raw: Readonly<Record<string, unknown>>): { settings: LabSettings; errors: FieldError[] } {
  const { values, errors } = readSettings(LAB_TABLE, raw);
  return { settings: values, errors };
}

/** Powers of two from `from` to `to`, inclusive (both already checked to be powers of two). */
export function powersOfTwo(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n *= 2) out.push(n);
  return out;
}

/** Matrix sizes offered by the size sweep's pickers, and batch sizes by the batch sweep's. */
export const MATMUL_SIZE_CHOICES = powersOfTwo(LAB_SCHEMA.matmulFrom.min, LAB_SCHEMA.matmulTo.max);
export const BATCH_SIZE_CHOICES = powersOfTwo(LAB_SCHEMA.batchFrom.min, LAB_SCHEMA.batchTo.max);

/** The race's own settings as a table of their own: what a shared race result records and is read back with. */
export const RACE_TABLE = table('lab', { backends: LAB_SCHEMA.backends, warmupSteps: LAB_SCHEMA.warmupSteps, measuredSteps: LAB_SCHEMA.measuredSteps, webgpuEngines: LAB_SCHEMA.webgpuEngines });
