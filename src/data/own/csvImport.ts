/**
 * The CSV importer: the common "label, pixel0 … pixel783" layout (Kaggle's MNIST CSVs), one 28 x 28
 * grayscale image a row, pixels 0..255 taken as they are (no resizing, no inversion: such files are
 * MNIST-like already). Its size is checked before a byte of it is read or split.
 *
 * Labels are numbers when every label is a whole number: classes "0".."K-1", K = the largest + 1
 * (a number in between with no row is an empty class, refused). Otherwise every label is a class
 * name, and the classes are the names in JavaScript's default sort order (UTF-16 code units), as
 * the folder importer sorts its folders, so the same pictures make the same document either way.
 */
import { quoted } from '../../config/schema';
import { readCsvRows, type CsvRows } from './csvRows';
import { buildOwnDataset } from './document';
import { MAX_CLASS_NAME_CHARS, MAX_CLASSES, MAX_CSV_BYTES } from './limits';
import { isUsableClassName } from './names';
import { megabytes, refuse, refusalOf, refusing } from './refusal';
import { GRAY_28, type OwnDataset, type OwnDatasetOptions, type OwnDatasetReading } from './types';

/** What a CSV arrives as: its text, its bytes, or a File / Blob (read only once its size passes). */
export type CsvSource = string | Uint8Array | { readonly size: number; text(): Promise<string> };

export async function importCsv(source: CsvSource, options: OwnDatasetOptions): Promise<OwnDatasetReading> {
  let text: string;
  try {
    text = await textOf(source);
  } catch (err) {
    return { ok: false, error: refusalOf('csv', err) };
  }
  const made = refusing('csv', () => csvDataset(text, options));
  return made.ok ? { ok: true, dataset: made.value } : made;
}

/** The document from CSV text whose size is already checked; throws the reason it is refused. */
export function csvDataset(text: string, options: OwnDatasetOptions): OwnDataset {
  checkSize(text.length);
  const rows = readCsvRows(text);
  const { classNames, labels } = classesOf(rows);
  return buildOwnDataset({ count: rows.count, images: rows.pixels, labels }, classNames, options, GRAY_28);
}

async function textOf(source: CsvSource): Promise<string> {
  if (typeof source === 'string') {
    checkSize(source.length);
    return source;
  }
  if (source instanceof Uint8Array) {
    checkSize(source.length);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(source);
    } catch {
      refuse('check.csv.notText');
    }
  }
  checkSize(source.size);
  return source.text();
}

function checkSize(size: number): void {
  if (size > MAX_CSV_BYTES) refuse('check.dataset.why.tooLarge', { size: megabytes(size), max: megabytes(MAX_CSV_BYTES) });
}

function classesOf(rows: CsvRows): { classNames: string[]; labels: Uint8Array } {
  const numbered = rows.labels.every((label) => /^[0-9]+$/.test(label));
  return numbered ? numberedClasses(rows) : namedClasses(rows);
}

function numberedClasses(rows: CsvRows): { classNames: string[]; labels: Uint8Array } {
  const labels = new Uint8Array(rows.count);
  let largest = 0;
  rows.labels.forEach((text, i) => {
    const label = text.length > 3 ? Infinity : Number(text);
    if (label > MAX_CLASSES - 1) refuse('check.csv.labelOver', { row: rows.lines[i], label: quoted(text), max: MAX_CLASSES - 1 });
    labels[i] = label;
    largest = Math.max(largest, label);
  });
  return { classNames: Array.from({ length: largest + 1 }, (_, i) => String(i)), labels };
}

function namedClasses(rows: CsvRows): { classNames: string[]; labels: Uint8Array } {
  const seen = new Set<string>();
  rows.labels.forEach((name, i) => {
    if (!isUsableClassName(name)) refuse('check.csv.labelName', { row: rows.lines[i], label: quoted(name), max: MAX_CLASS_NAME_CHARS });
    if (seen.has(name)) return;
    if (seen.size === MAX_CLASSES) refuse('check.csv.tooManyClasses', { row: rows.lines[i], name: quoted(name), max: MAX_CLASSES });
    seen.add(name);
  });
  const classNames = [...seen].sort();
  const ids = new Map(classNames.map((name, id) => [name, id]));
  return { classNames, labels: Uint8Array.from(rows.labels, (name) => ids.get(name) ?? 0) };
}
