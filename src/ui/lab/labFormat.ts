import type { BackendName } from '../../config/backends';
import { isNotAvailable, type NotAvailable } from '../../engine/protocol/deviceReport';
import { formatNumber } from '../../share/format';
import { backendSeriesColor } from '../theme/backendSeries';

/** Backends this browser lacks, each with its reason: what a backend select disables. */
export function unavailableBackends(backends: readonly { name: BackendName; available: boolean; reason: string }[] | null): Record<string, string> {
  return Object.fromEntries((backends ?? []).filter((b) => !b.available).map((b) => [b.name, b.reason]));
}

/** One colour per backend across every lab chart: `var(--series-…)`, the same hue as the backend table's, readable in both schemes. */
export function backendColor(backend: BackendName): string {
  return backendSeriesColor(backend);
}

const BYTES_PER_MB = 1024 * 1024;
/** Speed-ups from this size up lose their decimal: "24×", not "24.3×". */
const WHOLE_SPEED_UP_FROM = 10;

export function formatMs(ms: number | null | undefined): string {
  return typeof ms === 'number' && Number.isFinite(ms) ? `${formatNumber(ms)} ms` : '–';
}

/** "12×", "3.4×", "0.52×"; a dash when there is no CPU baseline yet. */
export function formatSpeedUp(ratio: number | null | undefined): string {
  if (typeof ratio !== 'number' || !Number.isFinite(ratio)) return '–';
  if (ratio >= WHOLE_SPEED_UP_FROM) return `${Math.round(ratio)}×`;
  return `${Number(ratio.toPrecision(2))}×`;
}

export function formatMb(bytes: number | null | undefined): string {
  return typeof bytes === 'number' && Number.isFinite(bytes) ? `${formatNumber(bytes / BYTES_PER_MB)} MB` : 'not reported';
}

/** A device-report value as words: "yes"/"no", "(empty)", or "not available (why)"; never blank. */
export function reportedText(value: string | number | boolean | NotAvailable | null | undefined): string {
  if (value === null || value === undefined) return 'not reported';
  if (isNotAvailable(value)) return `not available (${value.reason})`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === '') return '(empty)';
  return String(value);
}
