/** A 32 x 32 colour data set from generated coloured PNGs: import, file round trip, the ImageDataset training reads. */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { decodeOwnDataset, encodeOwnDataset } from './fileFormat';
import { importImageFolder, importImageZip } from './imageImport';
import { colourDataset as made, colourFolder as folder } from './testing/colourFixtures';
import { OPTIONS } from './testing/fixtures';
import { decodePng } from './testing/pictures';
import { trainableDataset } from './trainable';
import { COLOUR_32, importFormatOf } from './types';

const PER_CLASS = 6;

const colourFolder = () => folder(PER_CLASS);
const colourDataset = () => made(PER_CLASS);
const PIXEL = (x: number, y: number) => (y * 32 + x) * 3;

describe('a 32 x 32 colour data set from a folder of coloured pictures', () => {
  it('is a document of that format, its pictures kept in colour and not inverted', async () => {
    const doc = await colourDataset();
    expect(doc.format).toEqual({ size: 32, channels: 3 });
    expect(doc.classNames).toEqual(['cross', 'ring', 'square']);
    expect(doc.train.count + doc.test.count).toBe(3 * PER_CLASS);
    expect(doc.train.images).toHaveLength(doc.train.count * 32 * 32 * 3);
    const square = doc.train.labels.indexOf(2) * 32 * 32 * 3;
    const centre = Array.from(doc.train.images.subarray(square + PIXEL(16, 16), square + PIXEL(16, 16) + 3));
    const corner = Array.from(doc.train.images.subarray(square, square + 3));
    // The blue square in the middle, the light paper in the corner, as they were.
    expect(centre[2]).toBeGreaterThan(200);
    expect(centre[0]).toBeLessThan(80);
    expect(corner.every((v) => v > 200)).toBe(true);
  });

  it('is the same document from a zip of the same pictures', async () => {
    const zip = zipSync(Object.fromEntries(colourFolder().map((e) => [e.path, e.bytes])));
    const zipped = await importImageZip(zip, decodePng, { ...OPTIONS, format: COLOUR_32 });
    const doc = await colourDataset();
    if (!zipped.ok) throw new Error(english(zipped.error));
    expect(Buffer.compare(zipped.dataset.train.images, doc.train.images)).toBe(0);
    expect(zipped.dataset.format).toEqual(doc.format);
  });

  it('round-trips through the data set file, bytes and format alike', async () => {
    const doc = await colourDataset();
    const bytes = encodeOwnDataset(doc);
    const read = decodeOwnDataset(bytes);
    if (!read.ok) throw new Error(english(read.error));
    expect(read.dataset.format).toEqual({ size: 32, channels: 3 });
    expect(Buffer.compare(read.dataset.train.images, doc.train.images)).toBe(0);
    expect(Buffer.compare(read.dataset.test.images, doc.test.images)).toBe(0);
    expect(Buffer.compare(encodeOwnDataset(read.dataset), bytes)).toBe(0);
  });

  it('reads back as an ImageDataset of shape 32 x 32 x 3', async () => {
    const data = trainableDataset('own:0123456789abcdef', await colourDataset());
    expect(data.shape).toEqual({ side: 32, channels: 3 });
    expect(data.classCount).toBe(3);
    expect(data.test.images).toHaveLength(data.test.count * 3072);
  });

  it('refuses a format id the form does not offer, in a sentence, before decoding anything', async () => {
    let decoded = 0;
    const read = await importImageFolder(colourFolder(), async () => (decoded++, { width: 1, height: 1, channels: 1, pixels: new Uint8Array(1) }), {
      ...OPTIONS,
      format: importFormatOf('rgba64' as never),
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(sayable(read.error)).toBe(true);
    expect(english(read.error)).toMatch(/its images are 0 x 0 pixels with 0 channels/);
    expect(decoded).toBe(0);
  });
});
