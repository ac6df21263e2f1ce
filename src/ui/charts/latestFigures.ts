import { formatNumber } from '../../share/format';

/** A chart's text alternative: each series' latest value and where it was taken, e.g. "Latest at step 120: train loss 0.31; test loss 0.35". */
export function latestFiguresText(series: readonly { label: string; points: readonly { x: number; y: number }[] }[], xName: string): string {
  const latest = series.flatMap((s) => {
    const last = s.points[s.points.length - 1];
    return last ? [{ label: s.label, ...last }] : [];
  });
  if (latest.length === 0) return 'No figures yet.';
  const xs = new Set(latest.map((l) => l.x));
  if (xs.size === 1) return `Latest at ${xName} ${formatNumber(latest[0].x, 7)}: ${latest.map((l) => `${l.label} ${formatNumber(l.y)}`).join('; ')}.`;
  return `Latest: ${latest.map((l) => `${l.label} ${formatNumber(l.y)} at ${xName} ${formatNumber(l.x, 7)}`).join('; ')}.`;
}
