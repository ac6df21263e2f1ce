/**
 * Charts in presentation mode: every font and line of every chart scaled up for a projector, by one
 * Chart.js plugin, so no chart needs to know about the mode. The mode is the <html> class.
 */
import type { Chart, Plugin } from 'chart.js';

export const PRESENT_CLASS = 'present';
/** Type and lines this much larger on a projector. */
const FONT_SCALE = 1.6;
const LINE_SCALE = 2;
/** Chart.js's own default font size, px. */
const BASE_FONT_PX = 12;

const baseFontSizes = new WeakMap<object, number>();
const baseLineWidths = new WeakMap<object, number>();

export function presenting(): boolean {
  return typeof document !== 'undefined' && document.documentElement.classList.contains(PRESENT_CLASS);
}

/** Every `font: { size }` a chart's own options set, scaled from the size it was made with. */
function scaleFonts(node: unknown, factor: number, depth = 0): void {
  if (typeof node !== 'object' || node === null || depth > 6) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'font' && typeof value === 'object' && value !== null && typeof (value as { size?: unknown }).size === 'number') {
      const font = value as { size: number };
      const base = baseFontSizes.get(font) ?? font.size;
      baseFontSizes.set(font, base);
      font.size = Math.round(base * factor);
    } else if (typeof value === 'object') scaleFonts(value, factor, depth + 1);
  }
}

export const presentationPlugin: Plugin = {
  id: 'presentation',
  beforeUpdate(chart: Chart) {
    const on = presenting();
    scaleFonts(chart.config.options, on ? FONT_SCALE : 1);
    for (const dataset of chart.data.datasets) {
      const width = (dataset as { borderWidth?: unknown }).borderWidth;
      if (typeof width !== 'number') continue;
      const base = baseLineWidths.get(dataset) ?? width;
      baseLineWidths.set(dataset, base);
      (dataset as { borderWidth: number }).borderWidth = on ? base * LINE_SCALE : base;
    }
  },
};

/** The default font (charts that set none) for the mode, and every chart redrawn in it. */
export function applyPresentation(lib: { Chart: typeof Chart }): void {
  lib.Chart.defaults.font.size = presenting() ? Math.round(BASE_FONT_PX * FONT_SCALE) : BASE_FONT_PX;
  for (const chart of Object.values(lib.Chart.instances)) chart.update('none');
}
