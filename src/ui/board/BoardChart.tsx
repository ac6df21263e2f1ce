import { useEffect, useMemo, useRef } from 'react';
import type { ChartDataset } from 'chart.js';
import { LANE_IDS } from '../../config/lanes';
import type { Room } from '../../share/board/boardRoom';
import { deviceMessage, roomSeries, seriesMessage } from '../../share/board/boardText';
import { useChart } from '../charts/chartLib';
import { themed } from '../charts/chartTheme';
import { markerLegend } from '../charts/legend';
import { seriesLook } from '../charts/seriesLook';
import { useT } from '../i18n/useT';
import { laneColor } from '../lab/labFormat';

export const BOARD_CHART_TEST_ID = 'board-chart';
/** Room per device on the chart's device axis, px, and for the axes and legend around it. */
const ROW_PX = 26;
const FRAME_PX = 110;
const MIN_HEIGHT_PX = 260;
/** A software GPU's points: hollow crosses, never the marker of a GPU (each lane's marker is its place in the lanes' series looks). */
const SOFTWARE_POINT = 'crossRot';

/**
 * Examples/s of every device (one row each, in the board's order) on every lane (a series each, a
 * software GPU's points a series of their own), on a log scale: a phone's CPU and a desktop GPU on
 * one chart. The table beside it is its text alternative.
 */
export function BoardChart({ room }: { room: Room }) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const series = useMemo(() => roomSeries(room), [room]);
  const labels = useMemo(() => room.devices.map((d) => t.say(deviceMessage(d))), [room, t]);
  const unit = t('board.chart.unit');

  const chart = useChart(
    canvasRef,
    ({ Chart }, canvas) =>
      new Chart<'line', (number | null)[], string>(canvas, {
        type: 'line',
        data: { labels: [], datasets: [] },
        options: {
          indexAxis: 'y',
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: markerLegend(14), tooltip: { mode: 'nearest', intersect: true } },
          scales: {
            x: { type: 'logarithmic', position: 'top', title: { display: true, text: unit, font: { size: 14 } }, ticks: { font: { size: 13 } } },
            y: { type: 'category', ticks: { autoSkip: false, font: { size: 13 } } },
          },
        },
      }),
    [unit],
  );

  useEffect(() => {
    if (!chart) return;
    chart.data.labels = labels;
    chart.data.datasets = series.map((s): ChartDataset<'line', (number | null)[]> => ({
      label: t.say(seriesMessage(s)),
      data: s.points,
      showLine: false,
      borderColor: themed(laneColor(s.lane)),
      backgroundColor: s.software ? 'transparent' : themed(laneColor(s.lane)),
      pointStyle: s.software ? SOFTWARE_POINT : seriesLook(LANE_IDS.indexOf(s.lane)).point,
      pointRadius: 6,
      pointHoverRadius: 8,
      borderWidth: 2,
    }));
    chart.update('none');
    // How many devices the canvas shows now (the bench and the tests wait for it).
    figureRef.current?.setAttribute('data-drawn', String(labels.length));
  }, [chart, series, labels, t]);

  const points = series.reduce((n, s) => n + s.points.filter((p) => p !== null).length, 0);
  const title = t('board.chart.title');
  return (
    <figure className="chart board-chart" data-testid={BOARD_CHART_TEST_ID} data-devices={room.devices.length} data-points={points} ref={figureRef}>
      <figcaption>{title}</figcaption>
      <div className="chart-canvas" style={{ height: Math.max(MIN_HEIGHT_PX, FRAME_PX + ROW_PX * room.devices.length) }}>
        <canvas ref={canvasRef} role="img" aria-label={t('board.chart.label', { title, count: room.devices.length })} />
      </div>
    </figure>
  );
}
