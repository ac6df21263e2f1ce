/**
 * One-line descriptions of a shared result (what ran, on what device, its headline figure) and the
 * grouping of its curves into charts. Results may come from a link: every string read here is
 * treated as plain text, and only keys the document validator let through are read.
 */
import { BACKEND_LABELS, isBackendName } from '../config/backends';
import { DATASET_LABELS } from '../config/datasets';
import { modelLabel } from '../config/models';
import { HIDDEN } from '../engine/protocol/deviceReport';
import { workloadKind } from './resultSettings';
import type { DeviceReport, SharedCurve, SharedResult, SharedRow } from './resultDoc';
import { formatNumber } from './format';

/** Longest piece of device text in a one-line summary, characters. */
const MAX_DEVICE_PART_CHARS = 60;
const CURVE_NAME = /^(.*) \(([^()]*)\)$/;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}


/** A backend id as the pages name it ("WebGL"); the id itself when unknown. */
export function backendLabel(id: string): string {
  return isBackendName(id) ? BACKEND_LABELS[id] : id;
}

function datasetLabel(id: string): string {
  return Object.hasOwn(DATASET_LABELS, id) ? DATASET_LABELS[id as keyof typeof DATASET_LABELS] : id;
}

/** The model as the model table names it, e.g. "Tiny CNN" or "MLP GAN". */
function resultModelLabel(result: SharedResult): string {
  return modelLabel(result.config.model, result.config.workload === 'gan' ? 'gan' : 'cnn');
}

/** Everything that ran, by the labels of the model, data set and backend tables. */
export function describeWorkload(result: SharedResult): string {
  const { config, race } = result;
  const what = `${resultModelLabel(result)}, ${datasetLabel(config.dataset)}, batch ${config.batchSize}`;
  if (race) return `Race: ${what}, ${race.warmupSteps} warm-up + ${plural(race.measuredSteps, 'measured step')} on ${race.backends.map(backendLabel).join(', ')}`;
  if (config.workload === 'gan') return `GAN: ${what}, ${plural(config.steps, 'step')} on ${backendLabel(config.backend)}`;
  return `CNN: ${what}, ${plural(config.epochs, 'epoch')} on ${backendLabel(config.backend)}`;
}

/** A short name of what ran, e.g. "Classic CNN on WebGL" or "race of Tiny CNN on CPU (plain JS), WebGL". */
export function workloadName(result: SharedResult): string {
  const model = resultModelLabel(result);
  if (result.race) return `race of ${model} on ${result.race.backends.map(backendLabel).join(', ')}`;
  return `${model} on ${backendLabel(result.config.backend)}`;
}

export function rowLabel(row: Pick<SharedRow, 'backend' | 'loop'>): string {
  const name = backendLabel(row.backend);
  return row.loop === 'bare' ? `${name} (bare loop)` : name;
}

/** The fastest row's throughput, e.g. "1.23k examples/s on WebGL". */
export function headline(result: SharedResult): string {
  const best = [...result.rows].sort((a, b) => b.examplesPerSec - a.examplesPerSec)[0];
  if (!best) return 'no figures';
  const suffix = result.rows.length > 1 ? ` (fastest of ${result.rows.length})` : '';
  return `${formatNumber(best.examplesPerSec)} examples/s on ${rowLabel(best)}${suffix}`;
}

function deviceText(device: DeviceReport, key: string): string {
  const value = Object.hasOwn(device, key) ? device[key] : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const text = String(value).trim();
  if (text === '' || text === HIDDEN || text.startsWith('not available')) return '';
  return text.length > MAX_DEVICE_PART_CHARS ? `${text.slice(0, MAX_DEVICE_PART_CHARS - 1)}…` : text;
}

/** e.g. "Chrome 156.0 · Linux · GPU: nvidia lovelace"; "unknown device" when the report says nothing usable. */
export function deviceLine(device: DeviceReport): string {
  const gpuByWebGpu = [deviceText(device, 'webgpu.vendor'), deviceText(device, 'webgpu.architecture')].filter(Boolean).join(' ');
  const gpu = deviceText(device, 'webgpu.description') || gpuByWebGpu || deviceText(device, 'webgl.renderer');
  const parts = [deviceText(device, 'browser'), deviceText(device, 'os') || deviceText(device, 'platform'), gpu ? `GPU: ${gpu}` : ''];
  const line = parts.filter(Boolean).join(' · ');
  return line || deviceText(device, 'userAgent') || 'unknown device';
}

/** A date for people, or "date unknown" ('' in a result whose date could not be read). */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return iso && Number.isFinite(time) ? new Date(time).toLocaleString() : 'date unknown';
}

export interface CurveGroup {
  metric: string;
  /** Curves of this metric, each with the series name inside its parentheses (usually a backend). */
  curves: { series: string; curve: SharedCurve }[];
}

/** Curves named `metric (series)` grouped by metric, in order of first appearance. */
export function groupCurves(curves: readonly SharedCurve[]): CurveGroup[] {
  const groups = new Map<string, CurveGroup>();
  for (const curve of curves) {
    const match = CURVE_NAME.exec(curve.name);
    const metric = match ? match[1] : curve.name;
    const series = match ? match[2] : '';
    const group = groups.get(metric) ?? { metric, curves: [] };
    group.curves.push({ series, curve });
    groups.set(metric, group);
  }
  return [...groups.values()];
}

/** A file name stem from a result, e.g. "gpu-playground-race-2025-01-31T12-34-56". */
export function fileStem(result: SharedResult, suffix = ''): string {
  const date = result.createdAt.slice(0, 19).replace(/[^0-9T]/g, '-');
  return ['gpu-playground', workloadKind(result), date || 'undated', suffix].filter(Boolean).join('-');
}
