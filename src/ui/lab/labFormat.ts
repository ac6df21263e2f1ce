import type { BackendAvailability, BackendName } from '../../config/backends';
import { CNN_MODEL_LABELS } from '../../config/models';
import { HIDDEN, isNotAvailable, type NotAvailable } from '../../engine/protocol/deviceReport';
import { formatNumber } from '../../share/format';
import { msg } from '../../i18n/message';
import type { Translator } from '../../i18n/translator';
import type { LaneId } from '../../config/lanes';
import { backendSeriesColor, laneSeriesColor } from '../theme/backendSeries';

/** Backends this browser lacks, each with its reason in the page's language: what a backend select disables. */
export function unavailableBackends(backends: readonly BackendAvailability[] | null, t: Translator): Record<string, string> {
  return Object.fromEntries((backends ?? []).filter((b) => !b.available).map((b) => [b.name, t.say(b.reason)]));
}

/** One colour per backend across every lab chart: `var(--series-…)`, the same hue as the backend table's, readable in both schemes. */
export function backendColor(backend: BackendName): string {
  return backendSeriesColor(backend);
}

/** A lane's colour in every lab chart and table: its backend's, and one of its own for WebGPU on TensorFlow.js's kernels. */
export function laneColor(lane: LaneId): string {
  return laneSeriesColor(lane);
}

const BYTES_PER_MB = 1024 * 1024;
/** Speed-ups from this size up lose their decimal: "24×", not "24.3×". */
const WHOLE_SPEED_UP_FROM = 10;

export function formatMs(ms: number | null | undefined, t: Translator): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? t.t('lab.value.ms', { value: formatNumber(ms) }) : '–';
}

/** "12×", "3.4×", "0.52×"; a dash when there is no CPU baseline yet. */
export function formatSpeedUp(ratio: number | null | undefined): string {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return '–';
  if (ratio >= WHOLE_SPEED_UP_FROM) return `${Math.round(ratio)}×`;
  return `${Number(ratio.toPrecision(2))}×`;
}

export function formatMb(bytes: number | null | undefined, t: Translator): string {
  return typeof bytes === 'number' && Number.isFinite(bytes) ? t.t('lab.value.mb', { value: formatNumber(bytes / BYTES_PER_MB) }) : t.t('lab.value.notReported');
}

/** A device-report value as words: "yes"/"no", "(empty)", or "not available (why)"; never blank. */
export function reportedText(value: string | number | boolean | NotAvailable | null | undefined, t: Translator): string {
  if (value === null || value === undefined) return t.t('lab.value.notReported');
  if (isNotAvailable(value)) return t.say(msg('lab.value.notAvailable', { reason: value.reason }));
  if (typeof value === 'boolean') return t.t(value ? 'lab.value.yes' : 'lab.value.no');
  if (value === '') return t.t('lab.value.empty');
  if (value === HIDDEN) return t.t('lab.value.hidden');
  return String(value);
}

/**
 * A model's name in the page's language, from the English label a lab result carries (the engine
 * names the model it ran; the label maps back to its id); a label no table knows is shown as it is.
 */
export function modelText(label: string, t: Translator): string {
  const id = Object.entries(CNN_MODEL_LABELS).find(([, english]) => english === label)?.[0];
  return id === undefined ? label : t.t(`model.cnn.${id}.label`);
}
