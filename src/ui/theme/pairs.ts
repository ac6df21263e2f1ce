/** Which token is drawn on which: every pair the page shows, for the contrast test. */
import { SERIES_TOKENS, type SeriesColor, type UiToken } from './tokens';

export type Pair = readonly [foreground: UiToken | SeriesColor, background: UiToken];

/** Text on its background: 4.5:1. */
export const TEXT_PAIRS: readonly Pair[] = [
  ['text', 'background'],
  ['text', 'surface'],
  ['text', 'surfaceSunken'],
  ['text', 'barBehindText'],
  ['textMuted', 'background'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceSunken'],
  ['link', 'background'],
  ['link', 'surface'],
  ['onAccent', 'accent'],
  ['error', 'errorBackground'],
  ['fieldError', 'surface'],
  ['warning', 'warningBackground'],
  ['success', 'surface'],
  ['highlight', 'surface'],
  // A chart's colour also names its backend in the race table's row headings.
  ...Object.keys(SERIES_TOKENS).map((series): Pair => [series as SeriesColor, 'surface']),
];

/** Lines and parts of controls against what is around them: 3:1. */
export const GRAPHICS_PAIRS: readonly Pair[] = [
  ['controlBorder', 'surface'],
  ['controlBorder', 'background'],
  ['focusRing', 'surface'],
  ['focusRing', 'background'],
  ['accent', 'surface'],
  ['accent', 'background'],
  ['highlightBorder', 'surface'],
  // Chart lines on the chart's background.
  ...Object.keys(SERIES_TOKENS).map((series): Pair => [series as SeriesColor, 'surface']),
];
