import { formatNumber } from '../../share/format';

export interface FigureSeries {
  label: string;
  /** What the values count, e.g. "ms", "examples/s"; said after each figure. */
  unit?: string;
  points: readonly { x: number; y: number }[];
}

/**
 * A figure in words with its unit: "train loss 0.314", "12.5 ms" for "step time (ms)" → "step time 12.5 ms",
 * "1.23k examples/s" when the label is the unit itself.
 */
export function figureText(series: Pick<FigureSeries, 'label' | 'unit'>, value: number): string {
  const figure = formatNumber(value);
  const { label, unit } = series;
  if (!unit) return `${label} ${figure}`;
  if (label === unit) return `${figure} ${unit}`;
  const suffix = ` (${unit})`;
  const name = label.endsWith(suffix) ? label.slice(0, -suffix.length) : label;
  return `${name} ${figure} ${unit}`;
}

/** A chart's text alternative: each series' latest value and where it was taken, e.g. "Latest at step 120: train loss 0.31; step time 12 ms". */
export function latestFiguresText(series: readonly FigureSeries[], xName: string): string {
  const latest = series.flatMap((s) => {
    const last = s.points[s.points.length - 1];
    return last ? [{ series: s, ...last }] : [];
  });
  if (latest.length === 0) return 'No figures yet.';
  const xs = new Set(latest.map((l) => l.x));
  if (xs.size === 1) return `Latest at ${xName} ${formatNumber(latest[0].x, 7)}: ${latest.map((l) => figureText(l.series, l.y)).join('; ')}.`;
  return `Latest: ${latest.map((l) => `${figureText(l.series, l.y)} at ${xName} ${formatNumber(l.x, 7)}`).join('; ')}.`;
}
