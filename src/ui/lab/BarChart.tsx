import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../share/format';
import { useChart } from '../charts/chartLib';
import { ChartTable, TableToggle } from '../charts/ChartTable';
import { barTable } from '../charts/chartTable';
import { resolveColor } from '../theme/colorRef';
import { useT } from '../i18n/useT';
import { currentScheme } from '../theme/scheme';

export interface Bar {
  label: string;
  value: number;
  /** A colour reference, `var(--series-…)` (`backendSeriesColor`), resolved for the scheme when drawn. */
  color: string;
  /** Shown in the tooltip after the value, e.g. "12.5× CPU". */
  note?: string;
}

interface Props {
  testId: string;
  title: string;
  bars: Bar[];
  yLabel: string;
  /** What the chart says before anything ran: what will appear and how to start it. */
  emptyText: string;
}

/** A vertical bar chart, one bar per backend (each named on its axis), redrawn in place when the bars change. */
export function BarChart({ testId, title, bars, yLabel, emptyText }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const barsRef = useRef(bars);
  const [showTable, setShowTable] = useState(false);
  const t = useT();

  const chart = useChart(
    canvasRef,
    ({ Chart }, canvas) =>
      new Chart<'bar', number[], string>(canvas, {
        type: 'bar',
        data: { labels: [], datasets: [{ label: yLabel, data: [], backgroundColor: (context) => resolveColor(barsRef.current[context.dataIndex]?.color ?? '', currentScheme()) }] },
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
    chart.update('none');
  }, [chart, bars]);

  const empty = bars.length === 0;
  return (
    <figure className="chart lab-chart" data-testid={testId} data-points={bars.length}>
      <figcaption>{title}</figcaption>
      <p className="chart-empty" data-testid={`${testId}-empty`} hidden={!empty}>
        {emptyText}
      </p>
      <div className="chart-canvas" hidden={empty}>
        <canvas ref={canvasRef} role="img" aria-label={t('lab.chart.ariaFigures', { title })} />
      </div>
      <p className="chart-latest" data-testid={`${testId}-latest`} hidden={empty}>
        {bars
          .map((b) => t(b.note ? 'lab.chart.barFigureNote' : 'lab.chart.barFigure', { label: b.label, value: formatNumber(b.value), unit: yLabel, note: b.note ?? '' }))
          .join(t('lab.chart.figureSeparator'))}
      </p>
      {!empty && <TableToggle testId={testId} shown={showTable} onToggle={() => setShowTable((on) => !on)} />}
      {!empty && showTable && <ChartTable testId={`${testId}-table`} table={barTable(title, bars, yLabel)} />}
    </figure>
  );
}
