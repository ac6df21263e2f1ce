import { useEffect, useRef, useState } from 'react';
import type { Plugin } from 'chart.js';
import { useChart } from '../charts/chartLib';
import { ChartTable, TableToggle } from '../charts/ChartTable';
import { seriesTable } from '../charts/chartTable';
import { themeColor, themed } from '../charts/chartTheme';
import { latestFiguresText } from '../charts/latestFigures';
import { markerLegend } from '../charts/legend';
import { seriesLook } from '../charts/seriesLook';
import { resolveColor } from '../theme/colorRef';
import { useT } from '../i18n/useT';
import { currentScheme } from '../theme/scheme';

export interface SweepSeries {
  /** Also names the data-points-<key> attribute tests read. */
  key: string;
  label: string;
  /** A colour reference, `var(--series-…)` (`backendSeriesColor`), resolved for the scheme when drawn. */
  color: string;
  points: { x: number; y: number }[];
}

/** A labelled vertical line, e.g. where the GPU overtakes the CPU. */
export interface SweepMarker {
  x: number;
  label: string;
  color: string;
}

interface Props {
  testId: string;
  title: string;
  series: SweepSeries[];
  markers: SweepMarker[];
  xLabel: string;
  yLabel: string;
  /** What the values count, said after each figure in words ("GFLOP/s"); none for a plain number (a loss). */
  yUnit?: string;
  /** Linear axes (a loss against steps) instead of log-log (throughput against a size). */
  linear?: boolean;
  /** What the chart says before anything ran: what will appear and how to start it. */
  emptyText: string;
}

const MARKER_FONT = 'bold 14px system-ui, sans-serif';
/** The label's backing: the chart's background, slightly see-through. */
const LABEL_BACKGROUND_ALPHA = 0.85;

/** Draws the markers as dashed vertical lines with their label at the top. */
function markerPlugin(markers: { current: SweepMarker[] }): Plugin<'line'> {
  return {
    id: 'sweepMarkers',
    afterDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      markers.current.forEach((marker, i) => {
        const x = scales.x.getPixelForValue(marker.x);
        if (!Number.isFinite(x) || x < chartArea.left || x > chartArea.right) return;
        const color = resolveColor(marker.color, currentScheme());
        ctx.save();
        ctx.strokeStyle = color;
        ctx.lineWidth = 2;
        ctx.setLineDash([6, 4]);
        ctx.beginPath();
        ctx.moveTo(x, chartArea.top);
        ctx.lineTo(x, chartArea.bottom);
        ctx.stroke();
        ctx.font = MARKER_FONT;
        ctx.setLineDash([]);
        const y = chartArea.top + 16 + i * 18;
        const width = ctx.measureText(marker.label).width;
        ctx.globalAlpha = LABEL_BACKGROUND_ALPHA;
        ctx.fillStyle = themeColor('surface');
        ctx.fillRect(x + 2, y - 13, width + 6, 17);
        ctx.globalAlpha = 1;
        ctx.fillStyle = color;
        ctx.fillText(marker.label, x + 5, y);
        ctx.restore();
      });
    },
  };
}

/**
 * A line chart with one line per backend: log-log with ticks exactly on the swept values (powers of two),
 * or linear. Until a point arrives it says what will appear and how to start it, instead of empty axes.
 */
export function SweepChart({ testId, title, series, markers, xLabel, yLabel, yUnit, linear = false, emptyText }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const markersRef = useRef(markers);
  const xValuesRef = useRef<number[]>([]);
  const [showTable, setShowTable] = useState(false);
  const t = useT();

  const chart = useChart(
    canvasRef,
    ({ Chart }, canvas) =>
      new Chart<'line', { x: number; y: number }[]>(canvas, {
        type: 'line',
        data: { datasets: [] },
        options: {
          animation: false,
          parsing: false,
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: markerLegend(14), tooltip: { mode: 'nearest', intersect: false } },
          scales: {
            x: {
              type: linear ? 'linear' : 'logarithmic',
              title: { display: true, text: xLabel, font: { size: 14 } },
              afterBuildTicks: (axis) => {
                if (!linear && xValuesRef.current.length) axis.ticks = xValuesRef.current.map((value) => ({ value }));
              },
              ticks: { font: { size: 13 }, callback: (value) => String(value) },
            },
            y: { type: linear ? 'linear' : 'logarithmic', title: { display: true, text: yLabel, font: { size: 14 } }, ticks: { font: { size: 13 } } },
          },
        },
        plugins: [markerPlugin(markersRef)],
      }),
    [xLabel, yLabel, linear],
  );

  useEffect(() => {
    markersRef.current = markers;
    xValuesRef.current = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
    if (!chart) return;
    chart.data.datasets = series.map((s, i) => ({
      label: s.label,
      data: s.points,
      borderColor: themed(s.color),
      backgroundColor: themed(s.color),
      borderDash: seriesLook(i).dash,
      pointStyle: seriesLook(i).point,
      pointRadius: 5,
      borderWidth: 3,
    }));
    chart.update('none');
  }, [chart, series, markers]);

  const total = series.reduce((n, s) => n + s.points.length, 0);
  const figures = series.map((s) => ({ label: s.label, unit: yUnit, points: s.points }));
  const counts = Object.fromEntries(series.map((s) => [`data-points-${s.key}`, s.points.length]));
  return (
    <figure className="chart lab-chart" data-testid={testId} data-points={total} {...counts}>
      <figcaption>{title}</figcaption>
      <p className="chart-empty" data-testid={`${testId}-empty`} hidden={total > 0}>
        {emptyText}
      </p>
      <div className="chart-canvas" hidden={total === 0}>
        <canvas ref={canvasRef} role="img" aria-label={t('lab.chart.ariaLatest', { title })} />
      </div>
      <p className="chart-latest" data-testid={`${testId}-latest`} hidden={total === 0}>
        {latestFiguresText(figures, xLabel)}
      </p>
      {total > 0 && <TableToggle testId={testId} shown={showTable} onToggle={() => setShowTable((on) => !on)} />}
      {total > 0 && showTable && <ChartTable testId={`${testId}-table`} table={seriesTable(title, figures, xLabel, Number.POSITIVE_INFINITY)} />}
    </figure>
  );
}
