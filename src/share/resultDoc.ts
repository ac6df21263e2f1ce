/**
 * Building a shared result from a finished run, and reading one back from untrusted input
 * (a link, an imported JSON file, an old history entry). Strings stay data: nothing here
 * interprets them, and the UI renders them as text.
 */
import { downsample, roundSignificant, type Point } from './downsample';
import { ErrorList, quoted } from './messages';
import { readVersion, SCHEMA_VERSION } from './migrations';
import { readConfig, readCurves, readDevice, readRace, readRows, readVersions } from './resultParts';
import {
  CURVE_STEP_DIGITS,
  CURVE_VALUE_DIGITS,
  MAX_CURVE_POINTS,
  MAX_JSON_DEPTH,
  MAX_JSON_NODES,
  SHARED_RESULT_KEYS,
  type DeviceReport,
  type SharedCurve,
  type SharedResult,
  type SharedRow,
} from './resultTypes';
import type { RaceSettings } from '../config/labConfig';
import type { RunConfig } from '../config/workloads';
import { judgeUnflaggedRows } from './softwareGpu';
import { checkShape, isPlainObject, safeEntries } from './untrusted';

export * from './resultTypes';

export interface SharedResultInput {
  config: RunConfig;
  race?: RaceSettings | null;
  rows: readonly SharedRow[];
  /** Full-length curves; they are cleaned, downsampled and rounded here. */
  curves: readonly { name: string; points: readonly Point[] }[];
  device: DeviceReport;
  versions: Record<string, string>;
  createdAt?: Date;
}

/** Drops non-finite points (a diverged loss), keeps at most maxPoints, and rounds for a compact link. */
export function compactCurve(name: string, points: readonly Point[], maxPoints = MAX_CURVE_POINTS): SharedCurve {
  const finite = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && x >= 0);
  const kept = downsample(finite, maxPoints);
  return { name, points: kept.map(([x, y]) => [roundSignificant(x, CURVE_STEP_DIGITS), roundSignificant(y, CURVE_VALUE_DIGITS)]) };
}

export function makeSharedResult(input: SharedResultInput): SharedResult {
  return {
    version: SCHEMA_VERSION,
    createdAt: (input.createdAt ?? new Date()).toISOString(),
    config: { ...input.config },
    race: input.race ? { ...input.race, backends: [...input.race.backends] } : null,
    rows: input.rows.map((row) => ({ ...row })),
    curves: input.curves.map((c) => compactCurve(c.name, c.points)),
    device: structuredClone(input.device),
    versions: { ...input.versions },
  };
}

/** The JSON export: the same document a result link carries. */
export function sharedResultToJson(result: SharedResult): string {
  return JSON.stringify(result, null, 2);
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function readCreatedAt(raw: unknown, errors: ErrorList): string {
  // '' is how a result says its date is unknown (see SharedResult.createdAt).
  if (raw === '' || (typeof raw === 'string' && ISO_UTC.test(raw) && Number.isFinite(Date.parse(raw)))) return raw;
  errors.add('The shared result has no valid date; it is shown without one');
  return '';
}

function failure(message: string): { result: null; errors: string[] } {
  return { result: null, errors: [message] };
}

/** Reads an untrusted value as a shared result: fresh objects, every limit checked, problems listed. */
export function validateSharedResult(untrusted: unknown): { result: SharedResult | null; errors: string[] } {
  const shape = checkShape(untrusted, MAX_JSON_DEPTH, MAX_JSON_NODES);
  if (shape === 'too-deep') return failure(`The shared result is nested more than ${MAX_JSON_DEPTH} levels deep and was not read`);
  if (shape === 'too-large') return failure(`The shared result holds more than ${MAX_JSON_NODES} values and was not read`);
  if (!isPlainObject(untrusted)) return failure('The shared result is not an object and was not read');

  const errors = new ErrorList();
  const { entries, forbidden } = safeEntries(untrusted);
  for (const key of forbidden) errors.add(`The shared result has a forbidden key '${key}'; it was ignored`);
  for (const key of entries.keys()) {
    if (!(SHARED_RESULT_KEYS as readonly string[]).includes(key)) errors.add(`Unknown field ${quoted(key)} in the shared result ignored`);
  }
  const reading = readVersion(entries.get('version'), 'The shared result');
  if (reading.error) errors.add(reading.error);

  const result: SharedResult = {
    version: SCHEMA_VERSION,
    createdAt: readCreatedAt(entries.get('createdAt'), errors),
    config: readConfig(entries.get('config'), reading.version, errors),
    race: readRace(entries.get('race'), errors),
    rows: readRows(entries.get('rows'), errors),
    curves: readCurves(entries.get('curves'), errors),
    device: readDevice(entries.get('device'), errors),
    versions: readVersions(entries.get('versions'), errors),
  };
  // Rows of a result shared before they carried softwareGpu are judged from its device report.
  result.rows = judgeUnflaggedRows(result.rows, result.device);
  if (result.rows.length === 0 && result.curves.length === 0) {
    errors.add('The shared result holds no figures that could be read');
    return { result: null, errors: errors.toArray() };
  }
  return { result, errors: errors.toArray() };
}
