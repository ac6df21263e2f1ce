import { useEffect, useRef, useState } from 'react';
import type { ChartDataset } from 'chart.js';
import type { RunStore } from '../runStore';
import { useT, type T } from '../i18n/useT';
import { useChart } from './chartLib';
import { ChartTable, TableToggle } from './ChartTable';
import { seriesTable } from './chartTable';
import { themed } from './chartTheme';
import { latestFiguresText } from './latestFigures';
import { lineLegend } from './legend';
import { seriesLook } from './seriesLook';

export interface SeriesSpec {
  label: string;
  /** A colour reference, `var(--series-…)` from the token table (`tokenRef`), so it follows the scheme. */
  color: string;
  /** What the values count ("ms", "examples/s"): said in the caption and the table. */
  unit?: string;
  /** Which y axis: 'y' (left) or 'y2' (right). */
  axis?: 'y' | 'y2';
  /** Reads this series' points from the store. */
  points(store: RunStore): { x: number; y: number }[];
}

interface Props {
  testId: string;
  title: string;
  store: RunStore;
  series: SeriesSpec[];
  yLabel: string;
  y2Label?: string;
  logY?: boolean;
  /** What the chart says before its first point: what will appear and how to start it. */
  emptyText?: string;
}

/** Each series' points under its name and unit in the page's language (the names are recorded in English as data). */
const figuresOf = (series: SeriesSpec[], store: RunStore, t: T) => series.map((s) => ({ label: t.known(s.label), unit: s.unit && t.known(s.unit), points: s.points(store) }));

/** A Chart.js line chart that redraws from the store's buffers, never through React state; a table of it on request. */
export function LiveChart({ testId, title, store, series, yLabel, y2Label, logY, emptyText }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapperRef = useRef<HTMLElement>(null);
  const latestRef = useRef<HTMLParagraphElement>(null);
  const [hasData, setHasData] = useState(false);
  const t = useT();
  const [showTable, setShowTable] = useState(false);
  // Bumped on each store change while the table is open, so the table re-renders with the chart.
  const [, setTableTick] = useState(0);
  const showTableRef = useRef(showTable);
  useEffect(() => {
    showTableRef.current = showTable;
  }, [showTable]);

  const chart = useChart(
    canvasRef,
    (lib, canvas) => {
      const datasets: ChartDataset<'line', { x: number; y: number }[]>[] = series.map((s, i) => ({
        label: t.known(s.label),
        data: [],
        borderColor: themed(s.color),
        backgroundColor: themed(s.color),
        borderDash: seriesLook(i).dash,
        pointStyle: seriesLook(i).point,
        yAxisID: s.axis ?? 'y',
        pointRadius: 0,
        borderWidth: 2,
      }));
      return new lib.Chart(canvas, {
        type: 'line',
        data: { datasets },
        options: {
          animation: false,
          parsing: false,
          normalized: true,
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: lineLegend(lib), tooltip: { mode: 'nearest', intersect: false } },
          scales: {
            x: { type: 'linear', title: { display: true, text: t('chart.x.step') } },
            y: { type: logY ? 'logarithmic' : 'linear', title: { display: true, text: yLabel } },
            ...(y2Label ? { y2: { type: 'linear' as const, position: 'right' as const, title: { display: true, text: y2Label }, grid: { drawOnChartArea: false } } } : {}),
          },
        },
      });
    },
    [series, yLabel, y2Label, logY, t],
  );

  useEffect(() => {
    const redraw = () => {
      const figures = figuresOf(series, store, t);
      const total = figures.reduce((n, f) => n + f.points.length, 0);
      if (chart) {
        figures.forEach((f, i) => {
          chart.data.datasets[i].data = f.points;
        });
        chart.update('none');
      }
      wrapperRef.current?.setAttribute('data-points', String(total));
      if (latestRef.current) latestRef.current.textContent = latestFiguresText(figures, t('chart.x.step'), t.translator);
      setHasData(total > 0);
      if (showTableRef.current) setTableTick((t) => t + 1);
    };
    // The store already notifies at most once per animation frame.
    const unsubscribe = store.subscribe(redraw);
    redraw();
    return unsubscribe;
  }, [chart, store, series, t]);

  return (
    <figure className="chart" data-testid={testId} ref={wrapperRef} data-points="0">
      <figcaption>{title}</figcaption>
      <p className="chart-empty" data-testid={`${testId}-empty`} hidden={hasData}>
        {emptyText ?? t('chart.emptyTrain', { title })}
      </p>
      <div className="chart-canvas" hidden={!hasData}>
        <canvas ref={canvasRef} role="img" aria-label={t('chart.canvas', { title })} />
      </div>
      <p className="chart-latest" data-testid={`${testId}-latest`} ref={latestRef} hidden={!hasData}>
        {t('chart.noFigures')}
      </p>
      {hasData && <TableToggle testId={testId} shown={showTable} onToggle={() => setShowTable((on) => !on)} />}
      {hasData && showTable && <ChartTable testId={`${testId}-table`} table={seriesTable(title, figuresOf(series, store, t), t('chart.x.step'), undefined, t.translator)} />}
    </figure>
  );
}
