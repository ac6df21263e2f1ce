/** Readers for each part of an untrusted shared result: each builds fresh objects and reports what it dropped. */
import { BACKEND_NAMES, BACKENDS, isBackendName } from '../config/backends';
import type { Point } from './downsample';
import { quoted, type ErrorList } from './messages';
import { migrateEntries } from './migrations';
import {
  MAX_ABS_VALUE,
  MAX_CURVE_POINTS,
  MAX_CURVES,
  MAX_DEVICE_CHARS,
  MAX_DEVICE_ENTRIES,
  MAX_DEVICE_LIST_ITEMS,
  MAX_DEVICE_TEXT_CHARS,
  MAX_NAME_CHARS,
  MAX_ROWS,
  MAX_VERSION_CHARS,
  MAX_VERSION_ENTRIES,
  type DeviceReport,
  type DeviceValue,
  type SharedCurve,
  type SharedRow,
} from './resultTypes';
import { RACE_TABLE, type RaceSettings } from '../config/labConfig';
import { readSettings } from '../config/schema';
import { DEFAULT_WORKLOAD, isWorkloadId, WORKLOADS, type RunConfig } from '../config/workloads';
import { isFiniteInRange, isShortString, objectEntries, reportUnknownKeys } from './untrusted';

/** Longest step time accepted, ms (about 11 days). */
const MAX_STEP_MS = 1e9;
const MAX_EXAMPLES_PER_SEC = 1e12;
const MAX_GFLOPS = 1e9;
const KEY_PATTERN = /^[A-Za-z0-9_.:\- ]{1,64}$/;
const LOOPS = ['app', 'bare'] as const;

interface NumberRule {
  min: number;
  max: number;
  required: boolean;
}

const ROW_NUMBERS: Readonly<Record<string, NumberRule>> = {
  firstStepMs: { min: 0, max: MAX_STEP_MS, required: true },
  medianStepMs: { min: 0, max: MAX_STEP_MS, required: true },
  p90StepMs: { min: 0, max: MAX_STEP_MS, required: true },
  examplesPerSec: { min: 0, max: MAX_EXAMPLES_PER_SEC, required: true },
  gflops: { min: 0, max: MAX_GFLOPS, required: true },
  peakBytes: { min: 0, max: MAX_ABS_VALUE, required: false },
  finalLoss: { min: 0, max: MAX_ABS_VALUE, required: false },
  testAccuracy: { min: 0, max: 1, required: false },
};

/** The first `max` items of a list, or [] (with an error) when it is not one. */
function boundedList(raw: unknown, max: number, what: string, errors: ErrorList): unknown[] {
  if (raw === undefined) {
    errors.add(`${what} are missing`);
    return [];
  }
  if (!Array.isArray(raw)) {
    errors.add(`${what} are not a list and were ignored`);
    return [];
  }
  if (raw.length > max) errors.add(`${what} hold ${raw.length} items; only the first ${max} were read`);
  return raw.slice(0, max);
}

export function readConfig(raw: unknown, version: number, errors: ErrorList): RunConfig {
  const entries = raw === undefined ? null : objectEntries(raw, 'The shared configuration', errors);
  if (entries === null) {
    if (raw === undefined) errors.add('The shared result has no configuration; defaults are shown');
    return WORKLOADS[DEFAULT_WORKLOAD].defaults();
  }
  const values = new Map<string, unknown>();
  for (const [key, value] of migrateEntries([...entries], version)) {
    if (values.has(key)) errors.add(`Setting ${quoted(key)} appears more than once; the first value was used`);
    else values.set(key, value);
  }
  const workloadRaw = values.get('workload');
  const workload = isWorkloadId(workloadRaw) ? workloadRaw : DEFAULT_WORKLOAD;
  if (workloadRaw === undefined) errors.add(`The shared configuration names no workload; using ${DEFAULT_WORKLOAD}`);
  else if (workload !== workloadRaw) errors.add(`Unknown workload ${quoted(workloadRaw)} in the shared result; using ${DEFAULT_WORKLOAD}`);
  const entry = WORKLOADS[workload];
  reportUnknownKeys(values, ['workload', ...Object.keys(entry.table.fields)], 'the shared configuration', errors);
  const { config, errors: refused } = entry.parse(Object.fromEntries(values));
  for (const e of refused) errors.add(e.message);
  return config;
}

export function readRace(raw: unknown, errors: ErrorList): RaceSettings | null {
  if (raw === undefined || raw === null) return null;
  const entries = objectEntries(raw, 'The race settings', errors);
  if (entries === null) return null;
  reportUnknownKeys(entries, Object.keys(RACE_TABLE.fields), 'the race settings', errors);
  const reading = readSettings(RACE_TABLE, Object.fromEntries(entries));
  for (const e of reading.errors) errors.add(e.message);
  return reading.values;
}

function readRow(raw: unknown, what: string, errors: ErrorList): SharedRow | null {
  const entries = objectEntries(raw, what, errors);
  if (entries === null) return null;
  const loop = entries.get('loop');
  const backend = entries.get('backend');
  if (loop !== 'app' && loop !== 'bare') {
    errors.add(`${what} was dropped: its loop must be one of ${LOOPS.join(', ')} (got ${quoted(loop)})`);
    return null;
  }
  if (typeof backend !== 'string' || !isBackendName(backend)) {
    errors.add(`${what} was dropped: its backend must be one of ${BACKEND_NAMES.join(', ')} (got ${quoted(backend)})`);
    return null;
  }
  const numbers: Record<string, number> = {};
  for (const [key, rule] of Object.entries(ROW_NUMBERS)) {
    const value = entries.get(key);
    if (value === undefined && !rule.required) continue;
    if (!isFiniteInRange(value, rule.min, rule.max)) {
      errors.add(`${what} was dropped: ${key} must be a number between ${rule.min} and ${rule.max} (got ${quoted(value)})`);
      return null;
    }
    numbers[key] = value;
  }
  reportUnknownKeys(entries, ['loop', 'backend', ...Object.keys(ROW_NUMBERS), 'softwareGpu'], what.toLowerCase(), errors);
  return { loop, backend, ...numbers, ...readSoftwareFlag(entries.get('softwareGpu'), backend, what, errors) } as SharedRow;
}

/** A GPU row's softwareGpu flag (true or false); anything else is dropped with a message. */
function readSoftwareFlag(raw: unknown, backend: keyof typeof BACKENDS, what: string, errors: ErrorList): Pick<SharedRow, 'softwareGpu'> {
  if (raw === undefined) return {};
  if (typeof raw !== 'boolean') {
    errors.add(`${what}: softwareGpu must be true or false (got ${quoted(raw)}); it was ignored`);
    return {};
  }
  if (BACKENDS[backend].device !== 'gpu') {
    errors.add(`${what}: softwareGpu applies to GPU backends only, not ${backend}; it was ignored`);
    return {};
  }
  return { softwareGpu: raw };
}

export function readRows(raw: unknown, errors: ErrorList): SharedRow[] {
  const rows: SharedRow[] = [];
  boundedList(raw, MAX_ROWS, 'The summary rows', errors).forEach((item, i) => {
    const row = readRow(item, `Summary row ${i + 1}`, errors);
    if (row) rows.push(row);
  });
  return rows;
}

function readPoints(raw: unknown, what: string, errors: ErrorList): Point[] | null {
  if (!Array.isArray(raw)) {
    errors.add(`${what} was dropped: its points are not a list`);
    return null;
  }
  if (raw.length > MAX_CURVE_POINTS) {
    errors.add(`${what} was dropped: it has ${raw.length} points; the limit is ${MAX_CURVE_POINTS}`);
    return null;
  }
  const points: Point[] = [];
  for (const [i, item] of raw.entries()) {
    const ok = Array.isArray(item) && item.length === 2 && isFiniteInRange(item[0], 0, MAX_ABS_VALUE) && isFiniteInRange(item[1], -MAX_ABS_VALUE, MAX_ABS_VALUE);
    if (!ok) {
      errors.add(`${what} was dropped: point ${i + 1} is not a [step, value] pair of numbers within ±${MAX_ABS_VALUE}`);
      return null;
    }
    const [x, y] = item as [number, number];
    if (points.length > 0 && x < points[points.length - 1][0]) {
      errors.add(`${what} was dropped: its steps go backwards at point ${i + 1}`);
      return null;
    }
    points.push([x, y]);
  }
  return points;
}

export function readCurves(raw: unknown, errors: ErrorList): SharedCurve[] {
  const curves: SharedCurve[] = [];
  boundedList(raw, MAX_CURVES, 'The curves', errors).forEach((item, i) => {
    const entries = objectEntries(item, `Curve ${i + 1}`, errors);
    if (entries === null) return;
    const name = entries.get('name');
    if (!isShortString(name, MAX_NAME_CHARS) || name === '') {
      errors.add(`Curve ${i + 1} was dropped: its name must be text of 1 to ${MAX_NAME_CHARS} characters`);
      return;
    }
    reportUnknownKeys(entries, ['name', 'points'], `curve ${quoted(name)}`, errors);
    const points = readPoints(entries.get('points'), `Curve ${quoted(name)}`, errors);
    if (points) curves.push({ name, points });
  });
  return curves;
}

function readDeviceValue(value: unknown): DeviceValue | null {
  if (typeof value === 'boolean') return value;
  if (isFiniteInRange(value, -MAX_ABS_VALUE, MAX_ABS_VALUE)) return value;
  if (isShortString(value, MAX_DEVICE_TEXT_CHARS)) return value;
  if (Array.isArray(value) && value.length <= MAX_DEVICE_LIST_ITEMS && value.every((v) => isShortString(v, MAX_DEVICE_TEXT_CHARS))) {
    return [...(value as string[])];
  }
  return null;
}

function textSize(value: DeviceValue): number {
  if (typeof value === 'string') return value.length;
  return Array.isArray(value) ? value.reduce((sum, v) => sum + v.length, 0) : 0;
}

/** A flat key → value record: the device report (any DeviceValue) or library versions (short texts). */
function readFlatRecord(
  raw: unknown,
  what: string,
  limits: { entries: number; chars: number },
  readValue: (value: unknown) => DeviceValue | null,
  errors: ErrorList,
): DeviceReport {
  const out: DeviceReport = {};
  if (raw === undefined) return out;
  const entries = objectEntries(raw, what, errors);
  if (entries === null) return out;
  let count = 0;
  let chars = 0;
  for (const [key, value] of entries) {
    if (!KEY_PATTERN.test(key)) {
      errors.add(`${what}: entry ${quoted(key)} has an invalid name and was dropped`);
      continue;
    }
    const read = readValue(value);
    if (read === null) {
      errors.add(`${what}: entry ${quoted(key)} has an invalid or oversized value and was dropped`);
      continue;
    }
    chars += key.length + textSize(read);
    if (++count > limits.entries || chars > limits.chars) {
      errors.add(`${what} is too large; entries from ${quoted(key)} on were dropped`);
      break;
    }
    out[key] = read;
  }
  return out;
}

export function readDevice(raw: unknown, errors: ErrorList): DeviceReport {
  return readFlatRecord(raw, 'The device report', { entries: MAX_DEVICE_ENTRIES, chars: MAX_DEVICE_CHARS }, readDeviceValue, errors);
}

export function readVersions(raw: unknown, errors: ErrorList): Record<string, string> {
  const readText = (value: unknown) => (isShortString(value, MAX_VERSION_CHARS) ? value : null);
  const chars = MAX_VERSION_ENTRIES * (MAX_NAME_CHARS + MAX_VERSION_CHARS);
  return readFlatRecord(raw, 'The library versions', { entries: MAX_VERSION_ENTRIES, chars }, readText, errors) as Record<string, string>;
}
