/** A chart as a table: what "Show as table" renders, built here so the component only draws it. */
import { Translator } from '../../i18n/translator';
import { formatNumber } from '../../share/format';
import type { FigureSeries } from './latestFigures';

export interface ChartTableModel {
  caption: string;
  /** The first column's heading (the x axis) and one per series. */
  headings: string[];
  /** Each row: the x value (a row heading), then one cell per series ('–' where it has no point). */
  rows: { key: string; heading: string; cells: string[] }[];
}

/** A series' column heading: its label, with its unit unless the label already says it. */
export function columnHeading(series: Pick<FigureSeries, 'label' | 'unit'>): string {
  const { label, unit } = series;
  return !unit || label === unit || label.includes(`(${unit})`) || label.includes(`(${unit},`) ? label : `${label} (${unit})`;
}

/**
 * One row per x value any series has, ascending, one column per series; only the latest `maxRows`
 * rows (a long run has thousands of steps), and the caption says so.
 */
export function seriesTable(title: string, series: readonly FigureSeries[], xName: string, maxRows = 50, tr = new Translator('en')): ChartTableModel {
  const byX = new Map<number, (number | undefined)[]>();
  series.forEach((s, column) => {
    for (const { x, y } of s.points) {
      const row = byX.get(x) ?? new Array<number | undefined>(series.length).fill(undefined);
      row[column] = y;
      byX.set(x, row);
    }
  });
  const xs = [...byX.keys()].sort((a, b) => a - b);
  const shown = xs.slice(Math.max(0, xs.length - maxRows));
  const caption = shown.length < xs.length ? tr.t('chart.captionPart', { title, shown: shown.length, total: xs.length, xName }) : tr.t('chart.caption', { title, xName });
  return {
    caption,
    headings: [xName, ...series.map(columnHeading)],
    rows: shown.map((x) => ({
      key: String(x),
      heading: formatNumber(x, 7),
      cells: (byX.get(x) ?? []).map((y) => (y === undefined ? '–' : formatNumber(y))),
    })),
  };
}

/** A bar chart as a table: one row per bar, its value and its note. */
export function barTable(
  title: string,
  bars: readonly { label: string; value: number; note?: string }[],
  valueHeading: string,
  labelHeading?: string,
  tr = new Translator('en'),
): ChartTableModel {
  const withNotes = bars.some((b) => b.note);
  return {
    caption: title,
    headings: [labelHeading ?? tr.t('chart.column.backend'), valueHeading, ...(withNotes ? [tr.t('chart.column.note')] : [])],
    rows: bars.map((b) => ({ key: b.label, heading: b.label, cells: [formatNumber(b.value), ...(withNotes ? [b.note ?? ''] : [])] })),
  };
}
