import { Translator } from '../../i18n/translator';
import { formatNumber } from '../../share/format';

const ENGLISH = new Translator('en');

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
  // "step time (ms)" and "单步耗时（毫秒）" both name their unit at the end.
  const suffix = [` (${unit})`, `（${unit}）`].find((s) => label.endsWith(s));
  const name = suffix ? label.slice(0, -suffix.length) : label;
  return `${name} ${figure} ${unit}`;
}

/** A chart's text alternative: each series' latest value and where it was taken, e.g. "Latest at step 120: train loss 0.31; step time 12 ms". */
export function latestFiguresText(series: readonly FigureSeries[], xName: string, tr: Translator = ENGLISH): string {
  const latest = series.flatMap((s) => {
    const last = s.points[s.points.length - 1];
    return last ? [{ series: s, ...last }] : [];
  });
  if (latest.length === 0) return tr.t('chart.noFigures');
  const xs = new Set(latest.map((l) => l.x));
  if (xs.size === 1) return tr.t('chart.latestAt', { xName, x: formatNumber(latest[0].x, 7), figures: latest.map((l) => figureText(l.series, l.y)).join('; ') });
  return tr.t('chart.latest', { figures: latest.map((l) => tr.t('chart.figureAt', { figure: figureText(l.series, l.y), xName, x: formatNumber(l.x, 7) })).join('; ') });
}
