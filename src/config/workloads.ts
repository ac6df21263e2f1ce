/** The training workloads, one settings table each, and the run configuration union they make. */
import { CNN_TABLE, defaultCnnConfig, parseCnnConfig, type CnnRunConfig } from './cnnConfig';
import { defaultGanConfig, GAN_TABLE, parseGanConfig, type GanRunConfig } from './ganConfig';
import { msg, MessageError } from '../i18n/message';
import { quoted, settingsRefused, type FieldError, type SettingsTable } from './schema';

/** One run configuration, a discriminated union per workload, seed and backend included. */
export type RunConfig = CnnRunConfig | GanRunConfig;
export type WorkloadId = RunConfig['workload'];

interface WorkloadEntry {
  table: SettingsTable;
  defaults(): RunConfig;
  parse(raw: Readonly<Record<string, unknown>>): { config: RunConfig; errors: FieldError[] };
}

export const WORKLOADS = {
  cnn: { table: CNN_TABLE, defaults: defaultCnnConfig, parse: parseCnnConfig },
  gan: { table: GAN_TABLE, defaults: defaultGanConfig, parse: parseGanConfig },
} as const satisfies Record<WorkloadId, WorkloadEntry>;

export const WORKLOAD_IDS = Object.keys(WORKLOADS) as WorkloadId[];
export const DEFAULT_WORKLOAD: WorkloadId = 'cnn';

export function isWorkloadId(value: unknown): value is WorkloadId {
  return typeof value === 'string' && Object.hasOwn(WORKLOADS, value);
}

/** A config's settings as a plain record keyed like its table. */
export function settingsRecordOf(config: RunConfig): Record<string, unknown> {
  const { workload: _workload, ...settings } = config;
  return settings;
}

/** Reads a whole run configuration from an untrusted command (a worker message): every problem refused in one sentence. */
export function requireRunConfig(raw: unknown): RunConfig {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const workload = record.workload;
  if (!isWorkloadId(workload)) throw new MessageError(msg('validation.unknownWorkload', { got: quoted(workload), options: WORKLOAD_IDS.join(', ') }));
  const { config, errors } = WORKLOADS[workload].parse(record);
  if (errors.length) throw new MessageError(settingsRefused(errors));
  return config;
}
