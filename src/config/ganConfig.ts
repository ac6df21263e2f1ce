import { backendField, batchSizeField, checkpointEveryField, datasetField, gpuEngineField, seedField } from './commonFields';
import { MAX_CLASSES } from './ownDatasetLimits';
import { GAN_MODEL_IDS, GAN_MODEL_LABELS, type GanModelId } from './models';
import { table, workloadConfig, type FieldError, type ValuesOf } from './schema';

export const LABEL_SMOOTHING_OPTIONS = ['on', 'off'] as const;
export type LabelSmoothing = (typeof LABEL_SMOOTHING_OPTIONS)[number];

/**
 * Train on every class, or on one class only by its id: 0 to 9 on the shipped sets, any of an own set's up to
 * MAX_CLASSES (the GAN view offers the chosen set's; the worker refuses an id the set lacks).
 */
export const GAN_DIGIT_OPTIONS: readonly string[] = ['all', ...Array.from({ length: MAX_CLASSES }, (_, id) => String(id))];
export type GanDigit = string;

/** The discriminator's target for real images when one-sided label smoothing is on (Salimans et al. 2016). */
export const SMOOTHED_REAL_LABEL = 0.9;

/** The GAN view's settings: defaults, limits, labels and help in one table. */
export const GAN_SCHEMA = {
  backend: backendField,
  model: {
    kind: 'enum',
    label: 'Model',
    help: 'The generator and discriminator pair to train.',
    default: 'mlp' as GanModelId,
    options: GAN_MODEL_IDS,
    optionLabels: GAN_MODEL_LABELS,
  },
  dataset: datasetField,
  batchSize: batchSizeField,
  dLearningRate: { kind: 'float', group: 'training', label: 'Discriminator learning rate', help: "The discriminator's Adam step size.", default: 2e-4, min: 1e-6, max: 1 },
  gLearningRate: { kind: 'float', group: 'training', label: 'Generator learning rate', help: "The generator's Adam step size.", default: 2e-4, min: 1e-6, max: 1 },
  beta1: { kind: 'float', group: 'training', label: 'Adam beta1', help: "Adam's first-moment decay; GANs train steadier at 0.5 than at 0.9.", default: 0.5, min: 0, max: 0.999 },
  dStepsPerGStep: {
    kind: 'int',
    group: 'training',
    label: 'Discriminator steps per generator step',
    help: 'How many discriminator updates come before each generator update.',
    default: 1,
    min: 1,
    max: 10,
  },
  latentSize: { kind: 'int', group: 'training', label: 'Latent size', help: 'Length of the random noise vector the generator draws from.', default: 100, min: 2, max: 512, unit: 'dimensions' },
  labelSmoothing: {
    kind: 'enum',
    group: 'training',
    label: 'Label smoothing',
    help: "One-sided: real images are labelled 0.9, not 1, so the discriminator is less sure of itself.",
    default: 'off' as LabelSmoothing,
    options: LABEL_SMOOTHING_OPTIONS,
  },
  digit: { kind: 'enum', group: 'training', label: 'Digit', help: 'Train on every class, or on one digit only.', default: 'all' as GanDigit, options: GAN_DIGIT_OPTIONS, optionLabels: { all: 'All' } },
  steps: { kind: 'int', label: 'Steps', help: 'Generator updates before the run ends.', default: 5000, min: 1, max: 1_000_000, unit: 'generator steps' },
  seed: seedField,
  checkpointEvery: checkpointEveryField,
  gpuEngine: gpuEngineField,
} as const;

export const GAN_TABLE = table('gan', GAN_SCHEMA);

export type GanSettings = ValuesOf<typeof GAN_SCHEMA>;
export interface GanRunConfig extends GanSettings {
  workload: 'gan';
}

const ganConfig = workloadConfig('gan', GAN_TABLE);
export const defaultGanConfig: () => GanRunConfig = ganConfig.defaults;
/** Reads raw (form, link or command) values into a GAN config; refused fields keep their defaults and are reported. */
export const parseGanConfig: (raw: Readonly<Record<string, unknown>>) => { config: GanRunConfig; errors: FieldError[] } = ganConfig.parse;

/** The discriminator's target for real images under a label smoothing setting. */
export function realLabelFor(labelSmoothing: LabelSmoothing): number {
  return labelSmoothing === 'on' ? SMOOTHED_REAL_LABEL : 1;
}
