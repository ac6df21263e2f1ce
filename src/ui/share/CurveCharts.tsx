import { useMemo, useRef, useState } from 'react';
import type { ChartDataset } from 'chart.js';
import type { Point } from '../../share/downsample';
import { laneOfSeries } from '../../share/curveNames';
import { laneColor } from '../lab/labFormat';
import type { Labelled } from '../../share/comparison';
import { downloadCanvasPng } from './download';
import { groupCurves } from '../../share/resultSummary';
import { useChart } from '../charts/chartLib';
import { latestFiguresText } from '../charts/latestFigures';
import { themed } from '../charts/chartTheme';
import { tokenRef } from '../theme/colorRef';
import { useT } from '../i18n/useT';


/** Colours for series that are not a lane. */
const PALETTE = [tokenRef('seriesViolet'), tokenRef('seriesPink'), tokenRef('seriesCyan'), tokenRef('seriesOrange')];
/** The second result of a comparison is drawn dashed over the first. */
const DASH_PX = [6, 4];

interface Series {
  label: string;
  color: string;
  /** Which result it belongs to: 'a' (solid) or 'b' (dashed). */
  side: 'a' | 'b';
  points: Point[];
}

interface ChartSpec {
  metric: string;
  slug: string;
  series: Series[];
}

function slugOf(metric: string): string {
  return metric.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'curve';
}

function colorOf(series: string, index: number): string {
  const lane = laneOfSeries(series);
  return lane ? laneColor(lane) : PALETTE[index % PALETTE.length];
}

/** One chart per metric; each of the results' curves of that metric a series, B's dashed. */
export function chartSpecs(a: Labelled, b: Labelled | null): ChartSpec[] {
  const specs = new Map<string, ChartSpec>();
  const sides: ['a' | 'b', Labelled][] = b ? [['a', a], ['b', b]] : [['a', a]];
  for (const [side, labelled] of sides) {
    for (const group of groupCurves(labelled.result.curves)) {
      const spec = specs.get(group.metric) ?? { metric: group.metric, slug: '', series: [] };
      group.curves.forEach(({ series, curve }, i) => {
        const name = series || group.metric;
        spec.series.push({ label: b ? `${labelled.label} · ${name}` : name, color: colorOf(series, i), side, points: curve.points });
      });
      specs.set(group.metric, spec);
    }
  }
  // Test ids from metric names: two metrics may slug alike ("D loss", "d-loss"), so later ones are numbered.
  const used = new Set<string>();
  return [...specs.values()].map((spec) => {
    const base = slugOf(spec.metric);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return { ...spec, slug };
  });
}

function CurveChart({ testId, spec }: { testId: string; spec: ChartSpec }) {
  const t = useT();
  const stepName = t('share.chart.step');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pngError, setPngError] = useState<string | null>(null);

  useChart(
    canvasRef,
    ({ Chart }, canvas) => {
    const datasets: ChartDataset<'line', { x: number; y: number }[]>[] = spec.series.map((s) => ({
      label: s.label,
      data: s.points.map(([x, y]) => ({ x, y })),
      borderColor: themed(s.color),
      backgroundColor: themed(s.color),
      borderDash: s.side === 'b' ? DASH_PX : [],
      pointRadius: s.points.length < 20 ? 2 : 0,
      borderWidth: 2,
    }));
    return new Chart(canvas, {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        parsing: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { position: 'bottom' }, tooltip: { mode: 'nearest', intersect: false } },
        scales: { x: { type: 'linear', title: { display: true, text: stepName } }, y: { type: 'linear', title: { display: true, text: spec.metric } } },
      },
    });
    },
    [spec, stepName],
  );

  const points = (side: 'a' | 'b') => spec.series.filter((s) => s.side === side).reduce((sum, s) => sum + s.points.length, 0);
  const savePng = () => {
    if (!canvasRef.current) return;
    setPngError(null);
    downloadCanvasPng(`${testId}.png`, canvasRef.current, t.translator).catch((err: unknown) => setPngError(t.detail(err)));
  };

  return (
    <figure className="chart" data-testid={testId} data-points-a={points('a')} data-points-b={points('b')}>
      <figcaption>
        {spec.metric}
        <button className="chart-png" data-testid={`${testId}-png`} onClick={savePng}>
          PNG
        </button>
      </figcaption>
      <div className="chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={t('share.chart.canvas', { metric: spec.metric })} />
      </div>
      <p className="chart-latest" data-testid={`${testId}-latest`}>
        {latestFiguresText(spec.series.map((s) => ({ label: s.label, points: s.points.map(([x, y]) => ({ x, y })) })), stepName)}
      </p>
      {pngError && (
        <small className="field-error" role="alert">
          {pngError}
        </small>
      )}
    </figure>
  );
}

/** The curves of one result, or of two overlaid (the second dashed), one chart per metric. */
export function CurveCharts({ a, b = null, testIdPrefix }: { a: Labelled; b?: Labelled | null; testIdPrefix: string }) {
  const t = useT();
  const specs = useMemo(() => chartSpecs(a, b), [a, b]);
  if (specs.length === 0) return <p className="share-note">{t('share.chart.none')}</p>;
  return (
    <section className="charts share-charts">
      {specs.map((spec) => (
        <CurveChart key={spec.slug} testId={`${testIdPrefix}-chart-${spec.slug}`} spec={spec} />
      ))}
    </section>
  );
}
