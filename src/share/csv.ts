/**
 * CSV export (RFC 4180: comma-separated, CRLF lines, quoted where needed). Text cells that a
 * spreadsheet would run as a formula (= + - @, tab, CR) get a leading apostrophe; numbers never do.
 */
import { Translator, type MessageId } from '../i18n/translator';
import type { SharedCurve, SharedRow } from './resultTypes';

/**
 * Column headers are in the page's language: each export takes the page's Translator last, English
 * by default (the English headers are the row fields' own names, as before).
 */
const ENGLISH = new Translator('en');

/** A column's header, e.g. "medianStepMs" (in Chinese "单步耗时中位数（毫秒）"). */
export function columnName(column: string, t: Translator = ENGLISH): string {
  return t.t(`share.csv.${column}` as MessageId);
}

export type Cell = string | number | boolean | null | undefined;

const LINE_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return String(cell);
  const guarded = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join(LINE_END) + LINE_END;
}

const ROW_COLUMNS = ['loop', 'backend', 'firstStepMs', 'medianStepMs', 'p90StepMs', 'examplesPerSec', 'gflops'] as const;
const OPTIONAL_ROW_COLUMNS = ['peakBytes', 'finalLoss', 'testAccuracy', 'softwareGpu'] as const;

/** A row's engine where it has a choice: WebGPU's 'app' or 'tfjs' (no engine said: TensorFlow.js's); empty on other backends. */
export function engineCell(row: Pick<SharedRow, 'backend' | 'engine'>): Cell {
  return row.backend === 'webgpu' ? (row.engine ?? 'tfjs') : null;
}

/** One line per lane (and loop); the engine gets a column when a WebGPU row is there, optional figures when any row has them. */
export function rowsToCsv(rows: readonly SharedRow[], t: Translator = ENGLISH): string {
  const optional = OPTIONAL_ROW_COLUMNS.filter((key) => rows.some((row) => row[key] !== undefined));
  const engine = rows.some((row) => row.backend === 'webgpu');
  const header = [...ROW_COLUMNS.slice(0, 2), ...(engine ? ['engine'] : []), ...ROW_COLUMNS.slice(2), ...optional];
  const line = (row: SharedRow): Cell[] => [row.loop, row.backend, ...(engine ? [engineCell(row)] : []), ...[...ROW_COLUMNS.slice(2), ...optional].map((key) => row[key])];
  return toCsv(header.map((key) => columnName(key, t)), rows.map(line));
}

/** One line per step, one column per curve; a cell is empty where that curve has no point at that step. */
export function curvesToCsv(curves: readonly SharedCurve[], t: Translator = ENGLISH): string {
  const byStep = new Map<number, Cell[]>();
  curves.forEach((curve, column) => {
    for (const [step, value] of curve.points) {
      const line = byStep.get(step) ?? Array<Cell>(curves.length).fill(null);
      if (line[column] === null) line[column] = value;
      byStep.set(step, line);
    }
  });
  const steps = [...byStep.keys()].sort((a, b) => a - b);
  return toCsv([t.t('share.csv.step'), ...curves.map((c) => c.name)], steps.map((step) => [step, ...(byStep.get(step) as Cell[])]));
}
