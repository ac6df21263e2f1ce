/**
 * How a chart tells its series apart without colour: each series of a chart has its own dash pattern
 * and point marker, in this order, as well as its colour.
 */
import type { PointStyle } from 'chart.js';

export interface SeriesLook {
  /** Canvas line dash, px on / off; empty for a solid line. */
  dash: number[];
  point: PointStyle;
}

export const SERIES_LOOKS: readonly SeriesLook[] = [
  { dash: [], point: 'circle' },
  { dash: [8, 4], point: 'triangle' },
  { dash: [2, 3], point: 'rect' },
  { dash: [12, 4, 2, 4], point: 'rectRot' },
  { dash: [4, 4], point: 'crossRot' },
  { dash: [12, 3, 2, 3, 2, 3], point: 'star' },
  { dash: [1, 6], point: 'rectRounded' },
  { dash: [16, 6], point: 'cross' },
  { dash: [6, 2, 1, 2], point: 'line' },
  { dash: [3, 6], point: 'dash' },
];

/** The look of a chart's `index`-th series; repeats after the table runs out. */
export function seriesLook(index: number): SeriesLook {
  return SERIES_LOOKS[index % SERIES_LOOKS.length];
}
