/** The shared result document (what a result link, a JSON export and a history entry carry) and its size limits. */
import type { RaceSettings } from '../config/labConfig';
import type { RunConfig } from '../config/workloads';
import type { BenchRow } from '../engine/protocol/training';
import type { Point } from './downsample';
import type { SharedOwnDataset } from './ownDatasetFacts';

/** Points kept per curve in a shared result. */
export const MAX_CURVE_POINTS = 300;
export const MAX_CURVES = 16;
/** Summary rows: one per backend and loop (app / bare). */
export const MAX_ROWS = 16;
/** Curve names, device and version keys, characters. */
export const MAX_NAME_CHARS = 64;
export const MAX_DEVICE_ENTRIES = 64;
/** One device text value, characters. */
export const MAX_DEVICE_TEXT_CHARS = 256;
export const MAX_DEVICE_LIST_ITEMS = 64;
/** All device keys and texts together, characters. */
export const MAX_DEVICE_CHARS = 8_000;
export const MAX_VERSION_ENTRIES = 16;
/** One library version text, characters. */
export const MAX_VERSION_CHARS = 64;
/** Nesting of the whole document, levels (the document itself needs 5). */
export const MAX_JSON_DEPTH = 8;
/** Values in the whole document (a full one holds about 15,000). */
export const MAX_JSON_NODES = 100_000;
/** Magnitude bound for any number, so a link cannot smuggle in 1e308. */
export const MAX_ABS_VALUE = 1e15;
/** Curve values are rounded to this many significant digits (steps to more, so they stay ordered and distinct). */
export const CURVE_VALUE_DIGITS = 4;
export const CURVE_STEP_DIGITS = 7;

/** A per-backend summary: the benchmark row, plus training figures where the run had them. */
export interface SharedRow extends BenchRow {
  /** Peak GPU bytes (or live bytes where the backend reports none). */
  peakBytes?: number;
  finalLoss?: number;
  /** Test-set accuracy, 0..1. */
  testAccuracy?: number;
  /** GPU rows: whether the backend ran on a software GPU, i.e. the CPU (src/share/softwareGpu.ts); absent on CPU rows and in older results, which are judged from their device report. */
  softwareGpu?: boolean;
  /** A WebGPU row the app's own engine trained (src/config/lanes.ts); absent: TensorFlow.js's kernels, as in every result shared before it. */
  engine?: 'app';
}

export interface SharedCurve {
  /** e.g. 'loss (webgl)', 'examples/s (webgpu)': `metric (series)`, the series a lane as curveSeries names it (src/share/curveNames.ts). */
  name: string;
  /** [step, value], steps non-decreasing. */
  points: Point[];
}

export type DeviceValue = string | number | boolean | string[];
export type DeviceReport = Record<string, DeviceValue>;

export interface SharedResult {
  version: number;
  /** ISO 8601 UTC, e.g. 2025-01-31T12:00:00.000Z; '' when a link's date could not be read. */
  createdAt: string;
  config: RunConfig;
  /** Set for a backend race. */
  race: RaceSettings | null;
  rows: SharedRow[];
  curves: SharedCurve[];
  device: DeviceReport;
  /** Library versions, e.g. { app: '0.1.0', tfjs: '4.22.0' }. */
  versions: Record<string, string>;
  /** A run on a data set of your own: its name, size and hash (absent for a shipped set, and in older results). */
  ownDataset?: SharedOwnDataset;
}

export const SHARED_RESULT_KEYS = ['version', 'createdAt', 'config', 'race', 'rows', 'curves', 'device', 'versions', 'ownDataset'] as const;
