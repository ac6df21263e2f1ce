import { BACKEND_NAMES, type BackendName } from './backends';
import { DATASET_IDS, type DatasetId } from './runConfig';
import { defaultsOf, validate, type FieldError, type Schema, type ValuesOf } from './schema';

/** GAN model ids; each id has one module in src/models/gan behind the GAN registry. */
export const GAN_MODEL_IDS = ['mlp', 'dcgan'] as const;
export type GanModelId = (typeof GAN_MODEL_IDS)[number];

export const LABEL_SMOOTHING_OPTIONS = ['on', 'off'] as const;
export type LabelSmoothing = (typeof LABEL_SMOOTHING_OPTIONS)[number];

/** Train on every class, or on one digit (class id) only. */
export const GAN_DIGIT_OPTIONS = ['all', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type GanDigit = (typeof GAN_DIGIT_OPTIONS)[number];

/** The discriminator's target for real images when one-sided label smoothing is on (Salimans et al. 2016). */
export const SMOOTHED_REAL_LABEL = 0.9;

/** The GAN workload's settings: defaults, limits and labels in one table. */
export const GAN_SCHEMA = {
  backend: { kind: 'enum', label: 'Backend', default: 'webgl' as BackendName, options: BACKEND_NAMES },
  model: { kind: 'enum', label: 'Model', default: 'mlp' as GanModelId, options: GAN_MODEL_IDS },
  dataset: { kind: 'enum', label: 'Data set', default: 'mnist' as DatasetId, options: DATASET_IDS },
  batchSize: { kind: 'int', label: 'Batch size', default: 64, min: 1, max: 4096, unit: 'examples' },
  dLearningRate: { kind: 'float', label: 'Discriminator learning rate', default: 2e-4, min: 1e-6, max: 1 },
  gLearningRate: { kind: 'float', label: 'Generator learning rate', default: 2e-4, min: 1e-6, max: 1 },
  beta1: { kind: 'float', label: 'Adam beta1', default: 0.5, min: 0, max: 0.999 },
  dStepsPerGStep: { kind: 'int', label: 'Discriminator steps per generator step', default: 1, min: 1, max: 10 },
  latentSize: { kind: 'int', label: 'Latent size', default: 100, min: 2, max: 512, unit: 'dimensions' },
  labelSmoothing: { kind: 'enum', label: 'Label smoothing', default: 'off' as LabelSmoothing, options: LABEL_SMOOTHING_OPTIONS },
  digit: { kind: 'enum', label: 'Digit', default: 'all' as GanDigit, options: GAN_DIGIT_OPTIONS },
  steps: { kind: 'int', label: 'Steps', default: 5000, min: 1, max: 1_000_000, unit: 'generator steps' },
  seed: { kind: 'int', label: 'Seed', default: 42, min: 0, max: 2 ** 31 - 1 },
} as const satisfies Schema;

export type GanSettings = ValuesOf<typeof GAN_SCHEMA>;
export interface GanRunConfig extends GanSettings {
  workload: 'gan';
}

export function defaultGanConfig(): GanRunConfig {
  return { workload: 'gan', ...defaultsOf(GAN_SCHEMA) };
}

/** Parses raw (e.g. form or URL) values into a GAN config; invalid fields keep their defaults and are reported. */
export function parseGanConfig(raw: Record<string, unknown>): { config: GanRunConfig; errors: FieldError[] } {
  const { values, errors } = validate(GAN_SCHEMA, raw);
  return { config: { workload: 'gan', ...values }, errors };
}

/** The discriminator's target for real images under a label smoothing setting. */
export function realLabelFor(labelSmoothing: LabelSmoothing): number {
  return labelSmoothing === 'on' ? SMOOTHED_REAL_LABEL : 1;
}
