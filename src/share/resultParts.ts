/** Readers for each part of an untrusted shared result: each builds fresh objects and reports what it dropped. */
import { BACKEND_NAMES, BACKENDS, isBackendName } from '../config/backends';
import { GPU_ENGINES } from '../config/gpuEngines';
import type { Point } from './downsample';
import type { Message } from '../i18n/message';
import { part, quoted, type ErrorList } from './messages';
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

/**
 * What a result shared before the app's own WebGPU engine ran, and so what it means where it names no
 * engine: TensorFlow.js's kernels, in a run (its configuration's gpuEngine) and in a race (webgpuEngines).
 */
const BEFORE_THE_APPS_ENGINE = { config: { gpuEngine: 'tfjs' }, race: { webgpuEngines: 'tfjs' } } as const;

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
function boundedList(raw: unknown, max: number, what: Message, errors: ErrorList): unknown[] {
  if (raw === undefined) {
    errors.say('check.list.missing', { what });
    return [];
  }
  if (!Array.isArray(raw)) {
    errors.say('check.list.notList', { what });
    return [];
  }
  if (raw.length > max) errors.say('check.list.tooLong', { what, count: String(raw.length), max: String(max) });
  return raw.slice(0, max);
}

export function readConfig(raw: unknown, version: number, errors: ErrorList): RunConfig {
  const entries = raw === undefined ? null : objectEntries(raw, part('check.part.config'), errors);
  if (entries === null) {
    if (raw === undefined) errors.say('check.result.noConfig');
    return WORKLOADS[DEFAULT_WORKLOAD].defaults();
  }
  const values = new Map<string, unknown>();
  for (const [key, value] of migrateEntries([...entries], version)) {
    if (values.has(key)) errors.say('check.setting.twice', { key: quoted(key) });
    else values.set(key, value);
  }
  // A configuration that names no WebGPU engine ran TensorFlow.js's: "Run on this device" repeats that.
  if (!values.has('gpuEngine')) values.set('gpuEngine', BEFORE_THE_APPS_ENGINE.config.gpuEngine);
  const workloadRaw = values.get('workload');
  const workload = isWorkloadId(workloadRaw) ? workloadRaw : DEFAULT_WORKLOAD;
  if (workloadRaw === undefined) errors.say('check.result.noWorkload', { workload: DEFAULT_WORKLOAD });
  else if (workload !== workloadRaw) errors.say('check.result.unknownWorkload', { got: quoted(workloadRaw), workload: DEFAULT_WORKLOAD });
  const entry = WORKLOADS[workload];
  reportUnknownKeys(values, ['workload', ...Object.keys(entry.table.fields)], part('check.part.config'), errors);
  const { config, errors: refused } = entry.parse(Object.fromEntries(values));
  for (const e of refused) errors.add(e.message);
  return config;
}

export function readRace(raw: unknown, errors: ErrorList): RaceSettings | null {
  if (raw === undefined || raw === null) return null;
  const entries = objectEntries(raw, part('check.part.race'), errors);
  if (entries === null) return null;
  reportUnknownKeys(entries, Object.keys(RACE_TABLE.fields), part('check.part.race'), errors);
  const reading = readSettings(RACE_TABLE, { ...BEFORE_THE_APPS_ENGINE.race, ...Object.fromEntries(entries) });
  for (const e of reading.errors) errors.add(e.message);
  return reading.values;
}

function readRow(raw: unknown, what: Message, errors: ErrorList): SharedRow | null {
  const entries = objectEntries(raw, what, errors);
  if (entries === null) return null;
  const loop = entries.get('loop');
  const backend = entries.get('backend');
  if (loop !== 'app' && loop !== 'bare') {
    errors.say('check.row.loop', { what, options: LOOPS.join(', '), got: quoted(loop) });
    return null;
  }
  if (typeof backend !== 'string' || !isBackendName(backend)) {
    errors.say('check.row.backend', { what, options: BACKEND_NAMES.join(', '), got: quoted(backend) });
    return null;
  }
  const numbers: Record<string, number> = {};
  for (const [key, rule] of Object.entries(ROW_NUMBERS)) {
    const value = entries.get(key);
    if (value === undefined && !rule.required) continue;
    if (!isFiniteInRange(value, rule.min, rule.max)) {
      errors.say('check.row.number', { what, key, min: String(rule.min), max: String(rule.max), got: quoted(value) });
      return null;
    }
    numbers[key] = value;
  }
  reportUnknownKeys(entries, ['loop', 'backend', ...Object.keys(ROW_NUMBERS), 'softwareGpu', 'engine'], what, errors);
  return { loop, backend, ...numbers, ...readEngine(entries.get('engine'), backend, what, errors), ...readSoftwareFlag(entries.get('softwareGpu'), backend, what, errors) } as SharedRow;
}

/** A row's engine: 'app' on a WebGPU row the app's engine trained; 'tfjs' is what no engine says already; anything else is dropped with a message. */
function readEngine(raw: unknown, backend: keyof typeof BACKENDS, what: Message, errors: ErrorList): Pick<SharedRow, 'engine'> {
  if (raw === undefined || raw === 'tfjs') return {};
  if (raw !== 'app') {
    errors.say('check.row.engine', { what, key: 'engine', options: GPU_ENGINES.join(', '), got: quoted(raw) });
    return {};
  }
  if (backend !== 'webgpu') {
    errors.say('check.row.engineNotWebGpu', { what, key: 'engine', backend });
    return {};
  }
  return { engine: 'app' };
}

/** A GPU row's softwareGpu flag (true or false); anything else is dropped with a message. */
function readSoftwareFlag(raw: unknown, backend: keyof typeof BACKENDS, what: Message, errors: ErrorList): Pick<SharedRow, 'softwareGpu'> {
  if (raw === undefined) return {};
  if (typeof raw !== 'boolean') {
    errors.say('check.row.softwareGpuNotBoolean', { what, got: quoted(raw) });
    return {};
  }
  if (BACKENDS[backend].device !== 'gpu') {
    errors.say('check.row.softwareGpuNotGpu', { what, backend });
    return {};
  }
  return { softwareGpu: raw };
}

export function readRows(raw: unknown, errors: ErrorList): SharedRow[] {
  const rows: SharedRow[] = [];
  boundedList(raw, MAX_ROWS, part('check.part.rows'), errors).forEach((item, i) => {
    const row = readRow(item, part('check.part.row', { n: i + 1 }), errors);
    if (row) rows.push(row);
  });
  return rows;
}

function readPoints(raw: unknown, what: Message, errors: ErrorList): Point[] | null {
  if (!Array.isArray(raw)) {
    errors.say('check.curve.notList', { what });
    return null;
  }
  if (raw.length > MAX_CURVE_POINTS) {
    errors.say('check.curve.tooLong', { what, count: String(raw.length), max: String(MAX_CURVE_POINTS) });
    return null;
  }
  const points: Point[] = [];
  for (const [i, item] of raw.entries()) {
    const ok = Array.isArray(item) && item.length === 2 && isFiniteInRange(item[0], 0, MAX_ABS_VALUE) && isFiniteInRange(item[1], -MAX_ABS_VALUE, MAX_ABS_VALUE);
    if (!ok) {
      errors.say('check.curve.point', { what, n: i + 1, max: String(MAX_ABS_VALUE) });
      return null;
    }
    const [x, y] = item as [number, number];
    if (points.length > 0 && x < points[points.length - 1][0]) {
      errors.say('check.curve.backwards', { what, n: i + 1 });
      return null;
    }
    points.push([x, y]);
  }
  return points;
}

export function readCurves(raw: unknown, errors: ErrorList): SharedCurve[] {
  const curves: SharedCurve[] = [];
  boundedList(raw, MAX_CURVES, part('check.part.curves'), errors).forEach((item, i) => {
    const entries = objectEntries(item, part('check.part.curve', { n: i + 1 }), errors);
    if (entries === null) return;
    const name = entries.get('name');
    if (!isShortString(name, MAX_NAME_CHARS) || name === '') {
      errors.say('check.curve.name', { what: part('check.part.curve', { n: i + 1 }), max: MAX_NAME_CHARS });
      return;
    }
    const named = part('check.part.namedCurve', { name: quoted(name) });
    reportUnknownKeys(entries, ['name', 'points'], named, errors);
    const points = readPoints(entries.get('points'), named, errors);
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
  what: Message,
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
      errors.say('check.record.badName', { what, key: quoted(key) });
      continue;
    }
    const read = readValue(value);
    if (read === null) {
      errors.say('check.record.badValue', { what, key: quoted(key) });
      continue;
    }
    chars += key.length + textSize(read);
    if (++count > limits.entries || chars > limits.chars) {
      errors.say('check.record.tooLarge', { what, key: quoted(key) });
      break;
    }
    out[key] = read;
  }
  return out;
}

export function readDevice(raw: unknown, errors: ErrorList): DeviceReport {
  return readFlatRecord(raw, part('check.part.device'), { entries: MAX_DEVICE_ENTRIES, chars: MAX_DEVICE_CHARS }, readDeviceValue, errors);
}

export function readVersions(raw: unknown, errors: ErrorList): Record<string, string> {
  const readText = (value: unknown) => (isShortString(value, MAX_VERSION_CHARS) ? value : null);
  const chars = MAX_VERSION_ENTRIES * (MAX_NAME_CHARS + MAX_VERSION_CHARS);
  return readFlatRecord(raw, part('check.part.versions'), { entries: MAX_VERSION_ENTRIES, chars }, readText, errors) as Record<string, string>;
}
