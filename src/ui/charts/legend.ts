/** Legends that show each series as it is drawn: its dash pattern for lines, its marker for points. */
import type { Chart, ChartOptions, LegendItem } from 'chart.js';

type LegendSettings = NonNullable<NonNullable<ChartOptions<'line'>['plugins']>['legend']>;

/** A short line sample per series, dashed as its line is, thick enough to see the dashes. */
export function lineLegend(lib: { Chart: typeof Chart }): LegendSettings {
  return {
    position: 'bottom',
    labels: {
      usePointStyle: true,
      pointStyle: 'line',
      pointStyleWidth: 36,
      // Chart.js's own labels (colour, dash, hidden state), only drawn thicker.
      generateLabels: (chart: Chart): LegendItem[] => lib.Chart.defaults.plugins.legend.labels.generateLabels(chart).map((item) => ({ ...item, lineWidth: 3 })),
    },
  };
}

/** Each series' point marker in the legend (sweep charts, whose points are drawn). */
export function markerLegend(fontSize?: number): LegendSettings {
  return { position: 'bottom', labels: { usePointStyle: true, ...(fontSize ? { font: { size: fontSize } } : {}) } };
}
