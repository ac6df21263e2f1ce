/**
 * The page's colours: one table, a light and a dark value for each. `styles.css` declares each as a
 * CSS custom property (`--text`, `--series-blue` …: the name in kebab case), light on `:root` and dark
 * under `prefers-color-scheme: dark`; `tokens.test.ts` proves the CSS says exactly what this table
 * says, and `contrast.test.ts` proves every pair the page draws is readable, in both schemes.
 *
 * The CSS keeps its own copy (rather than being written from this table at startup) because
 * `index.html` paints the header before any script runs, and a page without its colours until the
 * script loads would flash; the test keeps the two from drifting apart.
 */
export type Scheme = 'light' | 'dark';
export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

interface Token {
  light: string;
  dark: string;
}

/** Colours of the page's parts, by role. */
export const UI_TOKENS = {
  /** Body text. */
  text: { light: '#111827', dark: '#f1f5f9' },
  /** Secondary text: notes, labels, reasons. */
  textMuted: { light: '#4b5563', dark: '#cbd5e1' },
  /** Behind the page. */
  background: { light: '#f8fafc', dark: '#0f172a' },
  /** Panels, charts, cards, inputs, buttons. */
  surface: { light: '#ffffff', dark: '#1e293b' },
  /** A box inside a panel (the device report's text). */
  surfaceSunken: { light: '#f9fafb', dark: '#0f172a' },
  /** Lines that only group things (panel edges, table rules); not a control's edge. */
  border: { light: '#e5e7eb', dark: '#334155' },
  /** The edge of an input, a select or a button: it must be seen to find the control. */
  controlBorder: { light: '#6b7280', dark: '#94a3b8' },
  focusRing: { light: '#1d4ed8', dark: '#93c5fd' },
  /** The primary button and the active tab's underline. */
  accent: { light: '#1d4ed8', dark: '#60a5fa' },
  /** Text on the accent. */
  onAccent: { light: '#ffffff', dark: '#0f172a' },
  /** Links and buttons that read as links. */
  link: { light: '#1d4ed8', dark: '#93c5fd' },
  error: { light: '#991b1b', dark: '#fecaca' },
  errorBackground: { light: '#fef2f2', dark: '#450a0a' },
  errorBorder: { light: '#fecaca', dark: '#991b1b' },
  /** A field's own error text, on the panel. */
  fieldError: { light: '#b91c1c', dark: '#fca5a5' },
  warning: { light: '#92400e', dark: '#fde68a' },
  warningBackground: { light: '#fffbeb', dark: '#422006' },
  warningBorder: { light: '#fde68a', dark: '#92400e' },
  success: { light: '#15803d', dark: '#86efac' },
  /** A shared result's panel: its heading and edge. */
  highlight: { light: '#5b21b6', dark: '#ddd6fe' },
  highlightBorder: { light: '#7c3aed', dark: '#a78bfa' },
  /** A bar's empty track (probabilities, the anatomy split). */
  barTrack: { light: '#e5e7eb', dark: '#334155' },
  /** A bar drawn behind text (the profile's share of time): light enough to read the text on. */
  barBehindText: { light: '#bfdbfe', dark: '#1e3a8a' },
} as const satisfies Record<string, Token>;

/**
 * Chart line colours, each at least 3:1 against the chart's background (the surface) in its scheme.
 * Named by hue, so a series keeps its hue in both schemes.
 */
export const SERIES_TOKENS = {
  seriesBlue: { light: '#2563eb', dark: '#60a5fa' },
  seriesRed: { light: '#dc2626', dark: '#f87171' },
  seriesGreen: { light: '#15803d', dark: '#4ade80' },
  seriesPurple: { light: '#9333ea', dark: '#c084fc' },
  seriesOrange: { light: '#c2410c', dark: '#fb923c' },
  seriesCyan: { light: '#0e7490', dark: '#22d3ee' },
  seriesPink: { light: '#be185d', dark: '#f472b6' },
  seriesGray: { light: '#4b5563', dark: '#cbd5e1' },
  seriesIndigo: { light: '#1d4ed8', dark: '#a5b4fc' },
  seriesViolet: { light: '#7c3aed', dark: '#a78bfa' },
  seriesYellow: { light: '#a16207', dark: '#facc15' },
  seriesStone: { light: '#57534e', dark: '#d6d3d1' },
  seriesTeal: { light: '#0f766e', dark: '#2dd4bf' },
  seriesAmber: { light: '#b45309', dark: '#fbbf24' },
} as const satisfies Record<string, Token>;

export type UiToken = keyof typeof UI_TOKENS;
export type SeriesColor = keyof typeof SERIES_TOKENS;
export type TokenName = UiToken | SeriesColor;

export const TOKENS: Record<TokenName, Token> = { ...UI_TOKENS, ...SERIES_TOKENS };

/** The CSS custom property of a token: `textMuted` → `--text-muted`. */
export function cssVariable(name: TokenName): string {
  return `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export function tokenValue(name: TokenName, scheme: Scheme): string {
  return TOKENS[name][scheme];
}
