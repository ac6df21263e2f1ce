/**
 * Charts in the page's colours: axis text and grid lines from the token table, series colours given as
 * `var(--token)` resolved for the scheme on every draw, and every chart redrawn when the scheme changes.
 */
import type { Chart } from 'chart.js';
import { resolveColor } from '../theme/colorRef';
import { currentScheme, onSchemeChange, prefersReducedMotion } from '../theme/scheme';
import { tokenValue } from '../theme/tokens';

/** A Chart.js scriptable colour: `var(--series-blue)` (or a plain colour) in the scheme of the moment. */
export function themed(color: string): () => string {
  return () => resolveColor(color, currentScheme());
}

/** A token's colour now, for what a plugin draws by hand. */
export function themeColor(name: Parameters<typeof tokenValue>[0]): string {
  return tokenValue(name, currentScheme());
}

function applyDefaults(lib: { Chart: typeof Chart }): void {
  lib.Chart.defaults.color = themeColor('textMuted');
  lib.Chart.defaults.borderColor = themeColor('border');
  if (prefersReducedMotion()) lib.Chart.defaults.animation = false;
}

let watching = false;

/** Sets the charts' default colours for the scheme, and redraws every chart each time it changes. */
export function applyChartTheme(lib: { Chart: typeof Chart }): void {
  applyDefaults(lib);
  if (watching) return;
  watching = true;
  onSchemeChange(() => {
    applyDefaults(lib);
    for (const chart of Object.values(lib.Chart.instances)) chart.update('none');
  });
}
