/**
 * The schema tables the share codecs are driven by: one per workload (from src/config) and one
 * for race settings, which adds a list field kind the config schema does not have.
 */
import { BACKEND_NAMES, type BackendName } from '../config/backends';
import { GAN_SCHEMA, type GanRunConfig } from '../config/ganConfig';
import { CNN_SCHEMA, type RunConfig } from '../config/runConfig';
import type { Field, FieldValue, Schema } from '../config/schema';

/** Every workload's run configuration (RunConfig may not list the GAN yet; the union absorbs it when it does). */
export type AnyRunConfig = RunConfig | GanRunConfig;
export type WorkloadId = AnyRunConfig['workload'];

/** A comma-separated list of enum options, each at most once. */
export interface ListField<T extends string> {
  kind: 'list';
  label: string;
  default: readonly T[];
  options: readonly T[];
  minItems: number;
  maxItems: number;
}

export type ShareField = Field | ListField<string>;
export type ShareSchema = Record<string, ShareField>;
export type ShareValue<F> = F extends ListField<infer T> ? T[] : FieldValue<F>;
export type ShareValuesOf<S extends ShareSchema> = { -readonly [K in keyof S]: ShareValue<S[K]> };

export const WORKLOAD_SCHEMAS = { cnn: CNN_SCHEMA, gan: GAN_SCHEMA } as const satisfies Record<WorkloadId, Schema>;
export const WORKLOAD_IDS = Object.keys(WORKLOAD_SCHEMAS) as WorkloadId[];
export const DEFAULT_WORKLOAD: WorkloadId = 'cnn';

/** Settings of a backend race (the same model run on several backends, timed). */
export const RACE_SCHEMA = {
  backends: {
    kind: 'list',
    label: 'Backends',
    default: ['cpu', 'webgl', 'webgpu'] as BackendName[],
    options: BACKEND_NAMES,
    minItems: 1,
    maxItems: BACKEND_NAMES.length,
  },
  warmupSteps: { kind: 'int', label: 'Warm-up steps', default: 3, min: 0, max: 1000, unit: 'steps' },
  measuredSteps: { kind: 'int', label: 'Measured steps', default: 20, min: 1, max: 10_000, unit: 'steps' },
} as const satisfies ShareSchema;

export type RaceSettings = ShareValuesOf<typeof RACE_SCHEMA>;

export function isWorkloadId(value: unknown): value is WorkloadId {
  return typeof value === 'string' && (WORKLOAD_IDS as string[]).includes(value);
}

export function defaultValuesOf<S extends ShareSchema>(schema: S): ShareValuesOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) out[key] = field.kind === 'list' ? [...field.default] : field.default;
  return out as ShareValuesOf<S>;
}

export function defaultConfigOf(workload: WorkloadId): AnyRunConfig {
  // The spread of a workload's own defaults is that workload's config; TS cannot correlate the two by key.
  return { workload, ...defaultValuesOf(WORKLOAD_SCHEMAS[workload]) } as AnyRunConfig;
}

export function defaultRaceSettings(): RaceSettings {
  return defaultValuesOf(RACE_SCHEMA);
}

/** A config's settings as a plain record keyed like its schema. */
export function settingsRecordOf(config: AnyRunConfig): Record<string, unknown> {
  return config as unknown as Record<string, unknown>;
}
