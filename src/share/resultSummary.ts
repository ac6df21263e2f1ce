/**
 * One-line descriptions of a shared result (what ran, on what device, its headline figure) and the
 * grouping of its curves into charts. Results may come from a link: every string read here is
 * treated as plain text, and only keys the document validator let through are read.
 */
import { isBackendName } from '../config/backends';
import { datasetMessage, DATASETS, isOwnDatasetId } from '../config/datasets';
import { raceLanes } from '../config/gpuEngines';
import { CNN_MODELS_INFO, GAN_MODELS_INFO } from '../config/models';
import { HIDDEN } from '../engine/protocol/deviceReport';
import { Translator } from '../i18n/translator';
import { ownDatasetMessage } from './ownDatasetFacts';
import { workloadKind } from './resultSettings';
import type { DeviceReport, SharedCurve, SharedResult, SharedRow } from './resultDoc';
import { formatNumber } from './format';
import { laneName, markedLane } from './laneNames';

/**
 * The Translator every function here takes last: History and the shared-result panel pass the
 * page's; it defaults to English for callers converted separately (the saved-models list in
 * src/ui/models reads formatDate) and for what is stored (a history entry's texts).
 */
const ENGLISH = new Translator('en');

/** Longest piece of device text in a one-line summary, characters. */
const MAX_DEVICE_PART_CHARS = 60;
const CURVE_NAME = /^(.*) \(([^()]*)\)$/;

/** A backend id as the pages name it ("WebGL"); the id itself when unknown. */
export function backendLabel(id: string, t: Translator = ENGLISH): string {
  return isBackendName(id) ? t.t(`backend.${id}`) : id;
}

/** The data set as the table names a shipped one; an own one by its name and size where the result gives them, else by its id. */
function datasetLabel(result: SharedResult, t: Translator): string {
  const id = result.config.dataset;
  if (result.ownDataset) return t.say(ownDatasetMessage(result.ownDataset));
  if (isOwnDatasetId(id)) return t.say(datasetMessage(id));
  return Object.hasOwn(DATASETS, id) ? t.t(`dataset.${id}`) : id;
}

/** The model as the model table names it, e.g. "Tiny CNN" or "MLP GAN"; the id itself when unknown (a link may say anything). */
function resultModelLabel(result: SharedResult, t: Translator): string {
  const workload = result.config.workload === 'gan' ? 'gan' : 'cnn';
  const info = workload === 'gan' ? GAN_MODELS_INFO : CNN_MODELS_INFO;
  const id = result.config.model;
  return Object.hasOwn(info, id) ? t.t(`model.${workload}.${id}.label`) : id;
}

/** A race's lanes by name, WebGPU once per engine it raced: "CPU (plain JS), WebGPU · the app's engine, WebGPU · TensorFlow.js". */
function laneList(race: NonNullable<SharedResult['race']>, t: Translator): string {
  return raceLanes(race.backends, race.webgpuEngines)
    .map((lane) => laneName(lane, t))
    .join(t.t('share.summary.listSeparator'));
}

/** The backend a run trained on, with the engine its row says ran ("WebGPU · the app's engine"). */
function runLaneName(result: SharedResult, t: Translator): string {
  const { backend } = result.config;
  return laneName({ backend, engine: result.rows.find((r) => r.backend === backend)?.engine }, t);
}

/** Everything that ran, by the labels of the model, data set and backend tables, WebGPU with its engine. */
export function describeWorkload(result: SharedResult, t: Translator = ENGLISH): string {
  const { config, race } = result;
  const what = t.t('share.summary.what', { model: resultModelLabel(result, t), dataset: datasetLabel(result, t), batch: config.batchSize });
  if (race) return t.t('share.summary.race', { what, warmup: race.warmupSteps, measured: race.measuredSteps, backends: laneList(race, t) });
  if (config.workload === 'gan') return t.t('share.summary.gan', { what, steps: config.steps, backend: runLaneName(result, t) });
  return t.t('share.summary.cnn', { what, epochs: config.epochs, backend: runLaneName(result, t) });
}

/** A short name of what ran, e.g. "Classic CNN on WebGL" or "race of Tiny CNN on CPU (plain JS), WebGL". */
export function workloadName(result: SharedResult, t: Translator = ENGLISH): string {
  const model = resultModelLabel(result, t);
  if (result.race) return t.t('share.summary.raceName', { model, backends: laneList(result.race, t) });
  return t.t('share.summary.runName', { model, backend: runLaneName(result, t) });
}

/** A row's name, e.g. "WebGL", "WebGPU · the app's engine", "WebGL (bare loop)", "WebGL (software, on the CPU)" for a row that ran on a software GPU. */
export function rowLabel(row: Pick<SharedRow, 'backend' | 'loop' | 'softwareGpu' | 'engine'>, t: Translator = ENGLISH): string {
  const name = markedLane(row, row.softwareGpu === true, t);
  return row.loop === 'bare' ? t.t('share.summary.bareLoop', { backend: name }) : name;
}

/** The fastest row's throughput, e.g. "1.23k examples/s on WebGL". */
export function headline(result: SharedResult, t: Translator = ENGLISH): string {
  const best = [...result.rows].sort((a, b) => b.examplesPerSec - a.examplesPerSec)[0];
  if (!best) return t.t('share.summary.noFigures');
  const values = { value: formatNumber(best.examplesPerSec), row: rowLabel(best, t) };
  return result.rows.length > 1 ? t.t('share.summary.headlineOfMany', { ...values, count: result.rows.length }) : t.t('share.summary.headline', values);
}

function deviceText(device: DeviceReport, key: string): string {
  const value = Object.hasOwn(device, key) ? device[key] : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const text = String(value).trim();
  if (text === '' || text === HIDDEN || text.startsWith('not available')) return '';
  return text.length > MAX_DEVICE_PART_CHARS ? `${text.slice(0, MAX_DEVICE_PART_CHARS - 1)}…` : text;
}

/** e.g. "Chrome 156.0 · Linux · GPU: nvidia lovelace"; "unknown device" when the report says nothing usable. */
export function deviceLine(device: DeviceReport, t: Translator = ENGLISH): string {
  const gpuByWebGpu = [deviceText(device, 'webgpu.vendor'), deviceText(device, 'webgpu.architecture')].filter(Boolean).join(' ');
  const gpu = deviceText(device, 'webgpu.description') || gpuByWebGpu || deviceText(device, 'webgl.renderer');
  const parts = [deviceText(device, 'browser'), deviceText(device, 'os') || deviceText(device, 'platform'), gpu ? t.t('share.summary.gpu', { gpu }) : ''];
  const line = parts.filter(Boolean).join(' · ');
  return line || deviceText(device, 'userAgent') || t.t('share.summary.unknownDevice');
}

/**
 * A date for people, or "date unknown" ('' in a result whose date could not be read). English keeps
 * the browser's own date order (an English page read in Britain writes day/month); another locale
 * writes the date its way.
 */
export function formatDate(iso: string, t: Translator = ENGLISH): string {
  const time = Date.parse(iso);
  if (!iso || !Number.isFinite(time)) return t.t('share.date.unknown');
  return new Date(time).toLocaleString(t.locale === 'en' ? undefined : t.locale);
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
