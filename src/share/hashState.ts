/**
 * Run settings in the URL hash, e.g. `#v=2&w=cnn&backend=cpu&batchSize=128`: only non-default
 * values, in schema-table order. Decoding is pure and never throws; whatever cannot be read
 * falls back to its default with one message each.
 */
import { ErrorList, quoted } from './messages';
import { migrateEntries, readVersion, SCHEMA_VERSION, type Entry } from './migrations';
import { formatValue, readRecord } from './settingsReader';
import {
  DEFAULT_WORKLOAD,
  defaultConfigOf,
  defaultRaceSettings,
  isWorkloadId,
  RACE_SCHEMA,
  settingsRecordOf,
  WORKLOAD_SCHEMAS,
  type AnyRunConfig,
  type RaceSettings,
  type ShareSchema,
} from './shareSchemas';

/** Longest hash read at all, characters. */
export const MAX_HASH_CHARS = 65_536;
/** Longest single setting value, characters (the result `r` has its own limit in linkCodec). */
export const MAX_VALUE_CHARS = 2_048;
/** Longest setting name, characters. */
export const MAX_KEY_CHARS = 64;

export const VERSION_KEY = 'v';
export const WORKLOAD_KEY = 'w';
export const VIEW_KEY = 'view';
export const RESULT_KEY = 'r';

const VIEW_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

export interface SettingsExtra {
  view?: string;
  race?: RaceSettings;
}

export interface DecodedSettings {
  config: AnyRunConfig;
  /** Race settings; defaults when the hash names none. */
  race: RaceSettings;
  view: string | null;
  errors: string[];
  /** The format version the hash was written in (1 when it carries none). */
  version: number;
}

function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.join(',') === b.join(',') : a === b;
}

function changedEntries(schema: ShareSchema, record: Record<string, unknown>): Entry<string>[] {
  return Object.entries(schema)
    .filter(([key, field]) => !sameValue(record[key], field.default))
    .map(([key]) => [key, formatValue(record[key])] as const);
}

export function encodeSettings(config: AnyRunConfig, extra: SettingsExtra = {}): string {
  const entries: Entry<string>[] = [
    [VERSION_KEY, String(SCHEMA_VERSION)],
    [WORKLOAD_KEY, config.workload],
    ...changedEntries(WORKLOAD_SCHEMAS[config.workload], settingsRecordOf(config)),
  ];
  if (extra.race) entries.push(...changedEntries(RACE_SCHEMA, extra.race));
  if (extra.view) entries.push([VIEW_KEY, extra.view]);
  return `#${entries.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')}`;
}

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Splits a hash into decoded key/value pairs, in order; malformed or oversized pairs are reported and skipped. */
export function hashParams(hash: string): { entries: Entry<string>[]; errors: string[] } {
  const errors = new ErrorList();
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body.length > MAX_HASH_CHARS) {
    errors.add(`The link is too long (${body.length} characters; the limit is ${MAX_HASH_CHARS}) and was not read`);
    return { entries: [], errors: errors.toArray() };
  }
  const entries: Entry<string>[] = [];
  for (const part of body.split('&')) {
    if (part === '') continue;
    const split = part.indexOf('=');
    const key = decodeComponent(split < 0 ? part : part.slice(0, split));
    const value = decodeComponent(split < 0 ? '' : part.slice(split + 1));
    if (key === null || value === null) errors.add(`Setting ${quoted(part)} is not properly URL-encoded and was ignored`);
    else if (key.length > MAX_KEY_CHARS) errors.add(`A setting name longer than ${MAX_KEY_CHARS} characters was ignored`);
    else if (key !== RESULT_KEY && value.length > MAX_VALUE_CHARS) {
      errors.add(`Setting ${quoted(key)} is longer than ${MAX_VALUE_CHARS} characters and was ignored`);
    } else entries.push([key, value]);
  }
  return { entries, errors: errors.toArray() };
}

export function decodeSettings(hash: string): DecodedSettings {
  const errors = new ErrorList();
  const parsed = hashParams(hash);
  errors.addAll(parsed.errors);

  const versionEntry = parsed.entries.find(([key]) => key === VERSION_KEY);
  const isEmpty = parsed.entries.length === 0;
  const reading = isEmpty ? { version: SCHEMA_VERSION, error: null } : readVersion(versionEntry?.[1], 'This link');
  if (reading.error) errors.add(reading.error);

  const params = new Map<string, string>();
  for (const [key, value] of migrateEntries(parsed.entries, reading.version)) {
    if (params.has(key)) errors.add(`Setting ${quoted(key)} appears more than once; the first value was used`);
    else params.set(key, value);
  }

  const workloadRaw = params.get(WORKLOAD_KEY);
  const workload = isWorkloadId(workloadRaw) ? workloadRaw : DEFAULT_WORKLOAD;
  if (workloadRaw !== undefined && workload !== workloadRaw) {
    errors.add(`Unknown workload ${quoted(workloadRaw)}; using ${DEFAULT_WORKLOAD}`);
  }
  const schema = WORKLOAD_SCHEMAS[workload];

  const workloadValues = new Map<string, string>();
  const raceValues = new Map<string, string>();
  let view: string | null = null;
  for (const [key, value] of params) {
    if (key === VERSION_KEY || key === WORKLOAD_KEY || key === RESULT_KEY) continue;
    if (key === VIEW_KEY) {
      if (VIEW_PATTERN.test(value)) view = value;
      else errors.add(`View ${quoted(value)} is not a view name and was ignored`);
    } else if (Object.hasOwn(schema, key)) workloadValues.set(key, value);
    else if (Object.hasOwn(RACE_SCHEMA, key)) raceValues.set(key, value);
    else errors.add(`Unknown setting ${quoted(key)} ignored`);
  }

  // The spread of a workload's own schema values is that workload's config; TS cannot correlate the two.
  const config = { workload, ...readRecord(schema, workloadValues, errors) } as AnyRunConfig;
  const race = readRecord(RACE_SCHEMA, raceValues, errors);
  return { config, race, view, errors: errors.toArray(), version: reading.version };
}

/** The defaults a page opens with when its hash is empty. */
export function defaultSettings(): Omit<DecodedSettings, 'errors' | 'version'> {
  return { config: defaultConfigOf(DEFAULT_WORKLOAD), race: defaultRaceSettings(), view: null };
}
