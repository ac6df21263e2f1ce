/**
 * Building a shared result from a finished run, and reading one back from untrusted input
 * (a link, an imported JSON file, an old history entry). Strings stay data: nothing here
 * interprets them, and the UI renders them as text.
 */
import { downsample, roundSignificant, type Point } from './downsample';
import { msg, type Message } from '../i18n/message';
import { ErrorList, part, quoted } from './messages';
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
import { isOwnDatasetOf, readSharedOwnDataset, type SharedOwnDataset } from './ownDatasetFacts';
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
  /** The own data set the run used, when it did; kept only when it is the config's data set. */
  ownDataset?: SharedOwnDataset | null;
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
    ...ownDatasetPart(input),
  };
}

function ownDatasetPart({ ownDataset, config }: SharedResultInput): Pick<SharedResult, 'ownDataset'> {
  if (!ownDataset || !isOwnDatasetOf(ownDataset, config.dataset)) return {};
  return { ownDataset: { ...ownDataset, ...(ownDataset.classNames ? { classNames: [...ownDataset.classNames] } : {}) } };
}

/** The JSON export: the same document a result link carries. */
export function sharedResultToJson(result: SharedResult): string {
  return JSON.stringify(result, null, 2);
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function readCreatedAt(raw: unknown, errors: ErrorList): string {
  // '' is how a result says its date is unknown (see SharedResult.createdAt).
  if (raw === '' || (typeof raw === 'string' && ISO_UTC.test(raw) && Number.isFinite(Date.parse(raw)))) return raw;
  errors.say('check.result.noDate');
  return '';
}

function failure(message: Message): { result: null; errors: Message[] } {
  return { result: null, errors: [message] };
}

const RESULT = part('check.part.result');

/** Reads an untrusted value as a shared result: fresh objects, every limit checked, problems listed. */
export function validateSharedResult(untrusted: unknown): { result: SharedResult | null; errors: Message[] } {
  const shape = checkShape(untrusted, MAX_JSON_DEPTH, MAX_JSON_NODES);
  if (shape === 'too-deep') return failure(msg('check.tooDeep', { what: RESULT, max: MAX_JSON_DEPTH }));
  if (shape === 'too-large') return failure(msg('check.tooLarge', { what: RESULT, max: String(MAX_JSON_NODES) }));
  if (!isPlainObject(untrusted)) return failure(msg('check.notObjectNotRead', { what: RESULT }));

  const errors = new ErrorList();
  const { entries, forbidden } = safeEntries(untrusted);
  for (const key of forbidden) errors.say('check.forbiddenKey', { what: RESULT, key: quoted(key) });
  for (const key of entries.keys()) {
    if (!(SHARED_RESULT_KEYS as readonly string[]).includes(key)) errors.say('check.unknownField', { key: quoted(key), what: RESULT });
  }
  const reading = readVersion(entries.get('version'), RESULT);
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
  const ownDataset = readSharedOwnDataset(entries.get('ownDataset'), result.config.dataset, part('check.part.ownDataset'), errors);
  if (ownDataset) result.ownDataset = ownDataset;
  // Rows of a result shared before they carried softwareGpu are judged from its device report.
  result.rows = judgeUnflaggedRows(result.rows, result.device);
  if (result.rows.length === 0 && result.curves.length === 0) {
    errors.say('check.result.noFigures');
    return { result: null, errors: errors.toArray() };
  }
  return { result, errors: errors.toArray() };
}
