/**
 * Reading the rows of a "label, pixel0 … pixel783" CSV without splitting the text: one pass counts
 * the rows, then each row is scanned in place, its pixels written straight into one buffer. A row
 * number in a refusal is the line's number in the file (1 = the first line).
 *
 * The first row is a header when none of its fields after the label is a pixel value ("pixel0",
 * "1x1"); it is skipped after its field count is checked like any row. A first row with a number
 * among them is an image, so a bad pixel there is refused, never taken for a header. Blank lines are skipped. A field may have spaces
 * around it; a label may be in double quotes (no commas inside).
 */
import { quoted } from '../../config/schema';
import { MAX_IMAGES } from './limits';
import { refuse } from './refusal';

export const CSV_PIXELS = 28 * 28;

export interface CsvRows {
  readonly count: number;
  /** count * 784 bytes, in row order. */
  readonly pixels: Uint8Array;
  /** Each image's label as written (quotes removed, spaces trimmed). */
  readonly labels: readonly string[];
  /** Each image's line number in the file. */
  readonly lines: Int32Array;
}

const COMMA = 44;

export function readCsvRows(text: string): CsvRows {
  if (!/\S/.test(text)) refuse('check.csv.empty');
  const lineCount = countDataLines(text);
  const pixels = new Uint8Array(lineCount * CSV_PIXELS);
  const labels: string[] = [];
  const lines = new Int32Array(lineCount);
  let start = 0;
  let line = 0;
  let first = true;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    const rowEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (!blank(text, start, rowEnd)) {
      const header = first && isHeader(text, start, rowEnd);
      first = false;
      checkFieldCount(text, start, rowEnd, line);
      if (!header) {
        lines[labels.length] = line;
        labels.push(readRow(text, start, rowEnd, line, pixels, labels.length * CSV_PIXELS));
      }
    }
    start = end + 1;
  }
  if (labels.length === 0) refuse('check.csv.noImages');
  return { count: labels.length, pixels: pixels.subarray(0, labels.length * CSV_PIXELS), labels, lines: lines.subarray(0, labels.length) };
}

/** Non-blank lines, refused past MAX_IMAGES + 1 (a header) before any buffer is made. */
function countDataLines(text: string): number {
  let count = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (!blank(text, start, end)) count++;
    if (count > MAX_IMAGES + 1) refuse('check.csv.tooManyRows', { max: MAX_IMAGES });
    start = end + 1;
  }
  return count;
}

function blank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

function checkFieldCount(text: string, start: number, end: number, row: number): void {
  let commas = 0;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === COMMA) commas++;
  if (commas !== CSV_PIXELS) refuse('check.csv.pixelCount', { row, count: commas, expected: CSV_PIXELS });
}

/** Whether no field after the label is a pixel value: a row of names ("pixel0", "1x1"), not a row with a bad pixel. */
function isHeader(text: string, start: number, end: number): boolean {
  let comma = text.indexOf(',', start);
  while (comma >= 0 && comma < end) {
    const next = text.indexOf(',', comma + 1);
    const fieldEnd = next < 0 || next > end ? end : next;
    if (pixelValue(text, comma + 1, fieldEnd) >= 0) return false;
    comma = next;
  }
  return true;
}

/** The label as written; the pixels into `into` at `offset`. The row has exactly 784 commas. */
function readRow(text: string, start: number, end: number, row: number, into: Uint8Array, offset: number): string {
  let comma = text.indexOf(',', start);
  const label = unquote(text.slice(start, comma).trim());
  if (label === '') refuse('check.csv.noLabel', { row });
  for (let p = 0; p < CSV_PIXELS; p++) {
    const from = comma + 1;
    comma = p === CSV_PIXELS - 1 ? end : text.indexOf(',', from);
    const value = pixelValue(text, from, comma);
    if (value < 0) refuse('check.csv.pixel', { row, column: p + 2, value: quoted(text.slice(from, Math.min(comma, from + 20)).trim()) });
    into[offset + p] = value;
  }
  return label;
}

/** A whole number 0..255 written in 1 to 3 digits, spaces around allowed; -1 when not. */
function pixelValue(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  let value = 0;
  let digits = 0;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    digits++;
    i++;
  }
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 13)) i++;
  return i === end && digits >= 1 && digits <= 3 && value <= 255 ? value : -1;
}

function unquote(label: string): string {
  return label.length >= 2 && label.startsWith('"') && label.endsWith('"') ? label.slice(1, -1).replace(/""/g, '"').trim() : label;
}
