import { useEffect, useRef } from 'react';
import type { ChartDataset } from 'chart.js';
import type { RunStore } from '../runStore';
import { useChart } from './chartLib';
import { latestFiguresText } from './latestFigures';

export interface SeriesSpec {
  label: string;
  color: string;
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
}

/** A Chart.js line chart that redraws from the store's buffers, never through React state. */
export function LiveChart({ testId, title, store, series, yLabel, y2Label, logY }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const latestRef = useRef<HTMLParagraphElement>(null);

  const chart = useChart(
    canvasRef,
    ({ Chart }, canvas) => {
    const datasets: ChartDataset<'line', { x: number; y: number }[]>[] = series.map((s) => ({
      label: s.label,
      data: [],
      borderColor: s.color,
      backgroundColor: s.color,
      yAxisID: s.axis ?? 'y',
      pointRadius: 0,
      borderWidth: 2,
    }));
    return new Chart(canvas, {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        parsing: false,
        normalized: true,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { position: 'bottom' }, tooltip: { mode: 'nearest', intersect: false } },
        scales: {
          x: { type: 'linear', title: { display: true, text: 'step' } },
          y: { type: logY ? 'logarithmic' : 'linear', title: { display: true, text: yLabel } },
          ...(y2Label ? { y2: { type: 'linear' as const, position: 'right' as const, title: { display: true, text: y2Label }, grid: { drawOnChartArea: false } } } : {}),
        },
      },
    });
    },
    [series, yLabel, y2Label, logY],
  );

  useEffect(() => {
    if (!chart) return;
    const redraw = () => {
      let total = 0;
      series.forEach((s, i) => {
        const pts = s.points(store);
        chart.data.datasets[i].data = pts;
        total += pts.length;
      });
      chart.update('none');
      wrapperRef.current?.setAttribute('data-points', String(total));
      if (latestRef.current) latestRef.current.textContent = latestFiguresText(series.map((s) => ({ label: s.label, points: s.points(store) })), 'step');
    };
    // The store already notifies at most once per animation frame.
    const unsubscribe = store.subscribe(redraw);
    redraw();
    return unsubscribe;
  }, [chart, store, series]);

  return (
    <figure className="chart" data-testid={testId} ref={wrapperRef} data-points="0">
      <figcaption>{title}</figcaption>
      <div className="chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={`${title} chart; its latest figures follow as text`} />
      </div>
      <p className="chart-latest" data-testid={`${testId}-latest`} ref={latestRef}>
        No figures yet.
      </p>
    </figure>
  );
}
