import { describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { importCsv, type CsvSource } from './csvImport';
import { makeOwnDataset } from './document';
import { MAX_IMAGES } from './limits';
import { classNames, OPTIONS, shapesPool } from './testing/fixtures';
import type { OwnDataset } from './types';

const HEADER = ['label', ...Array.from({ length: 784 }, (_, i) => `pixel${i}`)].join(',');

/** One row per image: its label as written, then its 784 pixels. */
function csvOf(labels: readonly string[], images: Uint8Array, header = true, newline = '\n'): string {
  const rows = labels.map((label, i) => [label, ...images.subarray(i * 784, (i + 1) * 784)].join(','));
  return [...(header ? [HEADER] : []), ...rows].join(newline) + newline;
}

async function imported(source: CsvSource): Promise<OwnDataset> {
  const read = await importCsv(source, OPTIONS);
  if (!read.ok) throw new Error(english(read.error));
  return read.dataset;
}

async function refusal(source: CsvSource): Promise<string> {
  const read = await importCsv(source, OPTIONS);
  if (read.ok) return '(made)';
  expect(sayable(read.error)).toBe(true);
  return english(read.error);
}

const said = (reason: string) => `This CSV cannot be made into a data set: ${reason}.`;
const pool = shapesPool(4);
const names = classNames(3);
const expected = makeOwnDataset(pool, names, OPTIONS);

describe('importCsv', () => {
  it('reads named labels into the classes sorted, the same document as the pool they came from', async () => {
    const dataset = await imported(csvOf(Array.from(pool.labels, (l) => names[l]), pool.images));
    expect(expected.ok && expected.dataset).toEqual(dataset);
  });

  it('reads numbered labels as classes "0".."K-1", without a header, with CRLF and blank lines', async () => {
    const text = csvOf(Array.from(pool.labels, String), pool.images, false, '\r\n').replace('\r\n', '\r\n\r\n  \r\n');
    const dataset = await imported(text);
    expect(dataset.classNames).toEqual(['0', '1', '2']);
    expect(dataset.train.count + dataset.test.count).toBe(12);
    const same = makeOwnDataset(pool, ['0', '1', '2'], OPTIONS);
    expect(same.ok && same.dataset).toEqual(dataset);
  });

  it('takes its bytes, or a File-like object, and quoted labels with spaces around fields', async () => {
    const text = csvOf(Array.from(pool.labels, (l) => ` "${names[l]}" `), pool.images).replace(/,0,/g, ', 0 ,');
    const fromBytes = await imported(new TextEncoder().encode(text));
    const fromBlob = await imported({ size: text.length, text: async () => text });
    expect(fromBytes).toEqual(fromBlob);
    expect(expected.ok && expected.dataset).toEqual(fromBytes);
  });

  const rows = (edit: (cells: string[]) => void, row = 2): string => {
    const lines = csvOf(Array.from(pool.labels, (l) => names[l]), pool.images).split('\n');
    const cells = lines[row - 1].split(',');
    edit(cells);
    lines[row - 1] = cells.join(',');
    return lines.join('\n');
  };

  it.each<[string, () => string, string]>([
    ['a row with 783 pixels', () => rows((c) => c.pop(), 3), 'row 3 has 783 pixel values after its label; a 28 x 28 image has 784'],
    ['a row with 785 pixels', () => rows((c) => c.push('0'), 5), 'row 5 has 785 pixel values after its label; a 28 x 28 image has 784'],
    ['a header with 783 names', () => rows((c) => c.pop(), 1), 'row 1 has 783 pixel values after its label; a 28 x 28 image has 784'],
    ['a non-numeric pixel', () => rows((c) => (c[10] = 'abc'), 4), "row 4, column 11: 'abc' is not a whole number from 0 to 255"],
    ['a bad pixel in a first row without a header', () => csvOf(Array.from(pool.labels, String), pool.images, false).replace(/^(\d+),\d+,/, '$1,x,'), "row 1, column 2: 'x' is not a whole number from 0 to 255"],
    ['a pixel over 255', () => rows((c) => (c[2] = '256')), "row 2, column 3: '256' is not a whole number from 0 to 255"],
    ['a negative pixel', () => rows((c) => (c[2] = '-1')), "row 2, column 3: '-1' is not a whole number from 0 to 255"],
    ['a fractional pixel', () => rows((c) => (c[784] = '1.5')), "row 2, column 785: '1.5' is not a whole number from 0 to 255"],
    ['an empty pixel', () => rows((c) => (c[1] = '')), "row 2, column 2: '' is not a whole number from 0 to 255"],
    ['a row without a label', () => rows((c) => (c[0] = ' ')), 'row 2 has no label'],
    ['an empty file', () => '', 'it is empty'],
    ['a file of blank lines', () => '\n \r\n\t\n', 'it is empty'],
    ['a header and no rows', () => `${HEADER}\n`, 'it has a header row but no images'],
    ['a numbered label over 99', () => csvOf(['0', '1', '100'], pool.images.subarray(0, 3 * 784)), "row 4 has label '100'; numbered labels go from 0 to 99"],
    ['a number missing between the labels', () => csvOf(['0', '0', '1', '1', '3', '3'], shapesPool(2).images), "class '2' has no images"],
    ['a class of one image', () => csvOf(['a', 'a', 'b'], shapesPool(1).images), "class 'b' has only 1 image; every class needs at least 2, one to train on and one to test"],
    ['a label that is no class name', () => csvOf(['a', 'x'.repeat(41)], shapesPool(1, 2).images), `row 3: the label '${'x'.repeat(40)}…' is not a usable class name (1 to 40 characters, without control characters)`],
  ])('refuses %s, naming the row', async (_case, text, reason) => {
    expect(await refusal(text())).toBe(said(reason));
  });

  it('refuses more classes than the cap at the row that brings one too many', async () => {
    const many = shapesPool(1, 101);
    const text = csvOf(Array.from({ length: 101 }, (_, i) => `c${i}`), many.images);
    expect(await refusal(text)).toBe(said("row 102 brings the class 'c100', one more than the 100 a data set may have"));
  });

  it('refuses more rows than the cap before reading any', async () => {
    expect(await refusal('x\n'.repeat(MAX_IMAGES + 2))).toBe(said('it has more than 60,000 rows of images'));
  });

  it('refuses bytes that are not UTF-8', async () => {
    expect(await refusal(new Uint8Array([0x30, 0x2c, 0xff, 0xfe]))).toBe(said('it is not UTF-8 text'));
  });

  it('refuses a file declaring 1 GB by its size, never reading it', async () => {
    let read = false;
    const file = { size: 2 ** 30, text: async () => ((read = true), '') };
    expect(await refusal(file)).toBe(said('it is 1,024 MB, over the 128 MB this page reads'));
    expect(read).toBe(false);
  });

  it('refuses the longest string JavaScript can hold by its length, never splitting it', async () => {
    // A rope of 536,870,888 characters (V8's longest string): cheap to make, 512 MB the moment anything scans it.
    const started = performance.now();
    expect(await refusal('x'.repeat(2 ** 29 - 24))).toBe(said('it is 512 MB, over the 128 MB this page reads'));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
