import { useEffect, useRef } from 'react';
import { formatNumber } from '../../share/format';
import { useChart } from '../charts/chartLib';

export interface Bar {
  label: string;
  value: number;
  color: string;
  /** Shown in the tooltip after the value, e.g. "12.5× CPU". */
  note?: string;
}

interface Props {
  testId: string;
  title: string;
  bars: Bar[];
  yLabel: string;
}

/** A vertical bar chart, one bar per backend, redrawn in place when the bars change. */
export function BarChart({ testId, title, bars, yLabel }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const barsRef = useRef(bars);

  const chart = useChart(
    canvasRef,
    ({ Chart }, canvas) =>
      new Chart<'bar', number[], string>(canvas, {
      type: 'bar',
      data: { labels: [], datasets: [{ label: yLabel, data: [], backgroundColor: [] }] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { afterLabel: (item) => barsRef.current[item.dataIndex]?.note ?? '' } },
        },
        scales: {
          x: { ticks: { font: { size: 16 } } },
          y: { beginAtZero: true, title: { display: true, text: yLabel, font: { size: 14 } }, ticks: { font: { size: 14 } } },
        },
      },
    }),
    [yLabel],
  );

  useEffect(() => {
    barsRef.current = bars;
    if (!chart) return;
    chart.data.labels = bars.map((b) => b.label);
    chart.data.datasets[0].data = bars.map((b) => b.value);
    chart.data.datasets[0].backgroundColor = bars.map((b) => b.color);
    chart.update('none');
  }, [chart, bars]);

  return (
    <figure className="chart lab-chart" data-testid={testId} data-points={bars.length}>
      <figcaption>{title}</figcaption>
      <div className="chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={`${title} chart; its figures follow as text`} />
      </div>
      <p className="chart-latest" data-testid={`${testId}-latest`}>
        {bars.length === 0 ? 'No figures yet.' : bars.map((b) => `${b.label}: ${formatNumber(b.value)}${b.note ? ` (${b.note})` : ''}`).join('; ')}
      </p>
    </figure>
  );
}
