import { useEffect, useRef } from 'react';
import type { Plugin } from 'chart.js';
import { useChart } from '../charts/chartLib';
import { latestFiguresText } from '../charts/latestFigures';

export interface SweepSeries {
  /** Also names the data-points-<key> attribute tests read. */
  key: string;
  label: string;
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
  /** Linear axes (a loss against steps) instead of log-log (throughput against a size). */
  linear?: boolean;
}

const MARKER_FONT = 'bold 14px system-ui, sans-serif';
const LABEL_BACKGROUND = 'rgba(255, 255, 255, 0.85)';

/** Draws the markers as dashed vertical lines with their label at the top. */
function markerPlugin(markers: { current: SweepMarker[] }): Plugin<'line'> {
  return {
    id: 'sweepMarkers',
    afterDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      markers.current.forEach((marker, i) => {
        const x = scales.x.getPixelForValue(marker.x);
        if (!Number.isFinite(x) || x < chartArea.left || x > chartArea.right) return;
        ctx.save();
        ctx.strokeStyle = marker.color;
        ctx.fillStyle = marker.color;
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
        ctx.fillStyle = LABEL_BACKGROUND;
        ctx.fillRect(x + 2, y - 13, width + 6, 17);
        ctx.fillStyle = marker.color;
        ctx.fillText(marker.label, x + 5, y);
        ctx.restore();
      });
    },
  };
}

/** A line chart with one line per backend: log-log with ticks exactly on the swept values (powers of two), or linear. */
export function SweepChart({ testId, title, series, markers, xLabel, yLabel, linear = false }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const markersRef = useRef(markers);
  const xValuesRef = useRef<number[]>([]);

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
        plugins: { legend: { position: 'bottom', labels: { font: { size: 14 } } }, tooltip: { mode: 'nearest', intersect: false } },
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
    chart.data.datasets = series.map((s) => ({ label: s.label, data: s.points, borderColor: s.color, backgroundColor: s.color, pointRadius: 5, borderWidth: 3 }));
    chart.update('none');
  }, [chart, series, markers]);

  const counts = Object.fromEntries(series.map((s) => [`data-points-${s.key}`, s.points.length]));
  return (
    <figure className="chart lab-chart" data-testid={testId} data-points={series.reduce((n, s) => n + s.points.length, 0)} {...counts}>
      <figcaption>{title}</figcaption>
      <div className="chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={`${title} chart; its latest figures follow as text`} />
      </div>
      <p className="chart-latest" data-testid={`${testId}-latest`}>
        {latestFiguresText(series, xLabel)}
      </p>
    </figure>
  );
}
