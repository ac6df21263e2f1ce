/** How each summary figure of a shared result reads on the page. */
import { formatBytes, formatNumber, formatPercent } from './format';
import type { FigureKey, SpeedUpKey } from './comparison';

export function formatFigure(key: FigureKey | SpeedUpKey, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  switch (key) {
    case 'speedUpVsCpu':
    case 'speedUpVsWasm':
      return formatRatio(value);
    case 'medianStepMs':
    case 'p90StepMs':
    case 'firstStepMs':
      return `${formatNumber(value)} ms`;
    case 'peakBytes':
      return formatBytes(value);
    case 'testAccuracy':
      return formatPercent(value);
    default:
      return formatNumber(value);
  }
}

/** "2.3×"; a dash when there is nothing to divide. */
export function formatRatio(ratio: number | null): string {
  return ratio === null || !Number.isFinite(ratio) ? '–' : `${formatNumber(ratio)}×`;
}
