/** Every importer makes the same document from the same pictures, and the file keeps it. */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { importCsv } from './csvImport';
import { decodeOwnDataset, encodeOwnDataset } from './fileFormat';
import { ownDatasetHash } from './hash';
import { importImageFolder, importImageZip } from './imageImport';
import { toModelImage } from './pixels';
import { OPTIONS, SHAPES } from './testing/fixtures';
import { decodePng, drawShape, grayPng } from './testing/pictures';
import type { OwnDataset, OwnDatasetReading } from './types';

/** 3 classes x 4 pictures of width x height, dark strokes on light paper when `paper`. */
function pictures(width: number, height: number, paper: boolean) {
  return SHAPES.flatMap((shape) => Array.from({ length: 4 }, (_, v) => ({ shape, path: `${shape}/${v}.png`, gray: drawShape(shape, width, height, v, paper ? 0 : 255, paper ? 255 : 0) })));
}

function documentOf(read: OwnDatasetReading): OwnDataset {
  if (!read.ok) throw new Error(english(read.error));
  return read.dataset;
}

/** The CSV a person would export for the same pictures after the same preprocessing. */
function csvOf(list: ReturnType<typeof pictures>, width: number, height: number): string {
  return list.map(({ shape, gray }) => [shape, ...toModelImage({ width, height, channels: 1, pixels: gray }, 28)].join(',')).join('\n');
}

describe('one document, whichever way the pictures came in', () => {
  it.each([
    ['28 x 28 light on dark (no resizing, no inversion)', 28, 28, false],
    ['56 x 42 dark on light paper (resized, centred, inverted)', 56, 42, true],
  ])('%s: CSV, folder and zip give equal documents', async (_case, width, height, paper) => {
    const list = pictures(width, height, paper);
    const entries = list.map(({ path, gray }) => ({ path: `my shapes/${path}`, bytes: grayPng(width, height, gray) }));
    const folder = documentOf(await importImageFolder(entries, decodePng, OPTIONS));
    const zip = documentOf(await importImageZip(zipSync(Object.fromEntries(entries.map((e) => [e.path, e.bytes]))), decodePng, OPTIONS));
    const csv = documentOf(await importCsv(csvOf(list, width, height), OPTIONS));
    expect(zip).toEqual(folder);
    expect(csv).toEqual(folder);
    expect(folder.classNames).toEqual(['cross', 'ring', 'square']);
    expect([folder.train.count, folder.test.count]).toEqual([9, 3]);
    // Light strokes on black either way: a corner of every picture is black.
    for (let i = 0; i < folder.train.count; i++) expect(folder.train.images[i * 784]).toBe(0);
  });

  it('survives its file: the same document and the same hash after a download and a load', async () => {
    const list = pictures(28, 28, false);
    const dataset = documentOf(await importCsv(csvOf(list, 28, 28), OPTIONS));
    const loaded = documentOf(decodeOwnDataset(encodeOwnDataset(dataset)));
    expect(loaded).toEqual(dataset);
    expect(await ownDatasetHash(loaded)).toBe(await ownDatasetHash(dataset));
  });
});
