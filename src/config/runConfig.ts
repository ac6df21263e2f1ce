import { BACKEND_NAMES, type BackendName } from './backends';
import type { GanRunConfig } from './ganConfig';
import { defaultsOf, validate, type FieldError, type Schema, type ValuesOf } from './schema';

/** Model ids per workload. Each id has one module in src/models behind the registry. */
export const CNN_MODEL_IDS = ['tiny', 'classic', 'large', 'mlp'] as const;
export type CnnModelId = (typeof CNN_MODEL_IDS)[number];

export const DATASET_IDS = ['mnist', 'fashion-mnist'] as const;
export type DatasetId = (typeof DATASET_IDS)[number];

/** Training set sizes of the shipped data sets, examples. */
export const TRAIN_SET_SIZE = 60_000;
export const TEST_SET_SIZE = 10_000;

/** The CNN workload's settings: defaults, limits and labels in one table. */
export const CNN_SCHEMA = {
  backend: { kind: 'enum', label: 'Backend', default: 'webgl' as BackendName, options: BACKEND_NAMES },
  model: { kind: 'enum', label: 'Model', default: 'classic' as CnnModelId, options: CNN_MODEL_IDS },
  dataset: { kind: 'enum', label: 'Data set', default: 'mnist' as DatasetId, options: DATASET_IDS },
  batchSize: { kind: 'int', label: 'Batch size', default: 64, min: 1, max: 4096, unit: 'examples' },
  learningRate: { kind: 'float', label: 'Learning rate', default: 0.001, min: 1e-6, max: 1 },
  epochs: { kind: 'int', label: 'Epochs', default: 5, min: 1, max: 100 },
  trainExamples: { kind: 'int', label: 'Training examples', default: TRAIN_SET_SIZE, min: 100, max: TRAIN_SET_SIZE },
  testExamples: { kind: 'int', label: 'Test examples', default: TEST_SET_SIZE, min: 100, max: TEST_SET_SIZE },
  seed: { kind: 'int', label: 'Seed', default: 42, min: 0, max: 2 ** 31 - 1 },
} as const satisfies Schema;

export type CnnSettings = ValuesOf<typeof CNN_SCHEMA>;
export interface CnnRunConfig extends CnnSettings {
  workload: 'cnn';
}

/** One run configuration, a discriminated union per workload (more workloads join here). */
export type RunConfig = CnnRunConfig | GanRunConfig;

export function defaultCnnConfig(): CnnRunConfig {
  return { workload: 'cnn', ...defaultsOf(CNN_SCHEMA) };
}

/** Parses raw (e.g. form or URL) values into a CNN config; invalid fields keep their defaults and are reported. */
export function parseCnnConfig(raw: Record<string, unknown>): { config: CnnRunConfig; errors: FieldError[] } {
  const { values, errors } = validate(CNN_SCHEMA, raw);
  return { config: { workload: 'cnn', ...values }, errors };
}
