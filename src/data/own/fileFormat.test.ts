import { describe, expect, it } from 'vitest';
import { english, englishError, sayable } from '../../i18n/testing/english';
import { makeOwnDataset } from './document';
import { DATASET_VERSION, decodeOwnDataset, encodeOwnDataset, MAX_DATASET_FILE_BYTES, MAX_HEADER_BYTES } from './fileFormat';
import { classNames, OPTIONS, shapesPool } from './testing/fixtures';
import type { OwnDataset } from './types';

function dataset(): OwnDataset {
  const made = makeOwnDataset(shapesPool(5), classNames(3), OPTIONS);
  if (!made.ok) throw new Error(english(made.error));
  return made.dataset;
}

/** A file with this header (any JSON) and these bytes after it, as the writer lays them out. */
function fileWith(header: unknown, data: Uint8Array, options: { magic?: string; version?: number; headerText?: string } = {}): Uint8Array {
  const text = new TextEncoder().encode(options.headerText ?? JSON.stringify(header));
  const start = 12 + Math.ceil(text.length / 4) * 4;
  const out = new Uint8Array(start + data.length);
  [...(options.magic ?? 'GPDS')].forEach((c, i) => (out[i] = c.charCodeAt(0)));
  const view = new DataView(out.buffer);
  view.setUint32(4, options.version ?? DATASET_VERSION, true);
  view.setUint32(8, text.length, true);
  out.set(text, 12);
  out.set(data, start);
  return out;
}

function headerOf(doc: OwnDataset) {
  return { kind: 'gpu-playground-dataset', name: doc.name, createdAt: doc.createdAt, classNames: doc.classNames, format: doc.format, seed: doc.seed, train: { count: doc.train.count }, test: { count: doc.test.count } };
}

function dataOf(doc: OwnDataset): Uint8Array {
  return Uint8Array.from([...doc.train.images, ...doc.train.labels, ...doc.test.images, ...doc.test.labels]);
}

function refusal(bytes: Uint8Array): string {
  const read = decodeOwnDataset(bytes);
  if (read.ok) return '(read)';
  expect(sayable(read.error)).toBe(true);
  return english(read.error);
}

describe('the data set file', () => {
  it('reads back exactly what was written, and its layout is the documented one', () => {
    const doc = dataset();
    const bytes = encodeOwnDataset(doc);
    const read = decodeOwnDataset(bytes);
    expect(read).toEqual({ ok: true, dataset: doc });
    expect(bytes).toEqual(fileWith(headerOf(doc), dataOf(doc)));
    expect(decodeOwnDataset(bytes.buffer.slice(0))).toEqual(read);
  });

  it('reads a file inside a larger buffer, and its document does not share the buffer', () => {
    const bytes = encodeOwnDataset(dataset());
    const big = new Uint8Array(bytes.length + 10);
    big.set(bytes, 5);
    const read = decodeOwnDataset(big.subarray(5, 5 + bytes.length));
    if (!read.ok) throw new Error(english(read.error));
    expect(read.dataset.train.images.buffer).not.toBe(big.buffer);
  });

  it('will not write a document it would refuse to read', () => {
    const doc = dataset();
    expect(() => encodeOwnDataset({ ...doc, classNames: ['cross', 'ring', 'ring'] })).toThrow();
    let said = '';
    try {
      encodeOwnDataset({ ...doc, classNames: ['cross', 'ring', 'ring'] });
    } catch (err) {
      said = englishError(err);
    }
    expect(said).toBe("Not a usable data set file: the class name 'ring' appears twice.");
  });

  const doc = dataset();
  const header = headerOf(doc);
  const data = dataOf(doc);
  const said = (reason: string) => `Not a usable data set file: ${reason}.`;

  it.each<[string, () => Uint8Array, string]>([
    ['wrong magic', () => fileWith(header, data, { magic: 'GPCK' }), 'it does not start with GPDS'],
    ['a newer version', () => fileWith(header, data, { version: 2 }), 'it is format 2, made by a newer version of the app (this page reads 1)'],
    ['version 0', () => fileWith(header, data, { version: 0 }), 'format 0 is unknown'],
    ['shorter than its preamble', () => new Uint8Array([0x47, 0x50, 0x44]), 'it is shorter than its own preamble'],
    ['cut in its header', () => fileWith(header, data).subarray(0, 40), 'it is cut short inside its header'],
    ['cut in its images', () => fileWith(header, data.subarray(0, 1000)), `it is cut short: its header declares ${data.length.toLocaleString('en')} bytes of images and labels, 1,000 follow`],
    ['bytes after its labels', () => fileWith(header, Uint8Array.from([...data, 0])), 'it has bytes after its last label'],
    ['a header over the cap', () => { const b = fileWith(header, data); new DataView(b.buffer).setUint32(8, MAX_HEADER_BYTES + 1, true); return b; }, 'its header claims 65537 bytes, over 65536'],
    ['a header not JSON', () => fileWith(null, data, { headerText: '{"kind":' }), 'its header is not JSON'],
    ['a header written by hand', () => fileWith(null, data, { headerText: JSON.stringify(header, null, 1) }), 'its header is not as this app writes it (spaces or number forms were changed)'],
    ['a header of another kind', () => fileWith({ ...header, kind: 'gpu-playground-checkpoint' }, data), 'its header is not a GPU Playground data set'],
    ['a header with a __proto__ key', () => fileWith(null, data, { headerText: JSON.stringify(header).replace('{', '{"__proto__":{},') }), "the header has an unknown key '__proto__'"],
    ['a header lacking its seed', () => fileWith({ ...header, seed: undefined }, data), 'the header lacks "seed"'],
    ['a 32 x 32 RGBA format', () => fileWith({ ...header, format: { size: 32, channels: 4 } }, data), 'its images are 32 x 32 pixels with 4 channels; this page reads 28 x 28 grayscale (1 channel) or 32 x 32 colour (3 channels)'],
    ['a 28 x 28 colour format', () => fileWith({ ...header, format: { size: 28, channels: 3 } }, data), 'its images are 28 x 28 pixels with 3 channels; this page reads 28 x 28 grayscale (1 channel) or 32 x 32 colour (3 channels)'],
    ['a negative count', () => fileWith({ ...header, train: { count: -1 } }, data), 'its number of training images is not a whole number from 0 to 4294967295'],
    ['1 GB of images declared', () => fileWith({ ...header, train: { count: Math.ceil(2 ** 30 / 785) } }, data), 'its images and labels would take 1,024.1 MB, over the 64 MB a data set may hold'],
    ['more images than the cap', () => fileWith({ ...header, train: { count: 60_000 } }, data), 'it has 60,003 images, over the 60,000 a data set may have'],
    ['one class', () => fileWith({ ...header, classNames: ['cross'] }, data), 'it has 1 class; a data set needs at least 2'],
    ['a class name twice', () => fileWith({ ...header, classNames: ['cross', 'ring', 'cross'] }, data), "the class name 'cross' appears twice"],
    ['an empty class name', () => fileWith({ ...header, classNames: ['cross', 'ring', ''] }, data), 'class 2 has no usable name (text of 1 to 40 characters, without control characters or spaces at either end)'],
    ['an unreadable date', () => fileWith({ ...header, createdAt: 'yesterday' }, data), 'its date is unreadable'],
    ['a seed past uint32', () => fileWith({ ...header, seed: 2 ** 32 }, data), 'its seed is not a whole number from 0 to 4294967295'],
  ])('refuses %s with its sentence', (_case, bytes, reason) => {
    expect(refusal(bytes())).toBe(said(reason));
  });

  it('refuses a label out of range and a class with no test image, naming the image and the class', () => {
    const labelAt = 12 + Math.ceil(new TextEncoder().encode(JSON.stringify(header)).length / 4) * 4 + doc.train.images.length;
    const outOfRange = fileWith(header, data);
    outOfRange[labelAt + 4] = 7;
    expect(refusal(outOfRange)).toBe(said('image 5 of the training split has label 7, but the data set has 3 classes (0 to 2)'));
    const noSquareTest = fileWith(header, data);
    const testLabels = labelAt + doc.train.count + doc.test.images.length;
    for (let i = 0; i < doc.test.count; i++) if (noSquareTest[testLabels + i] === 2) noSquareTest[testLabels + i] = 0;
    expect(refusal(noSquareTest)).toBe(said("class 'square' has no test images"));
  });

  it('refuses padding after the header that is not zero', () => {
    const named = (name: string) => fileWith({ ...header, name }, data);
    const bytes = [named('A'), named('AB'), named('ABC')].find((b) => new DataView(b.buffer).getUint32(8, true) % 4 !== 0) ?? named('A');
    bytes[12 + new DataView(bytes.buffer).getUint32(8, true)] = 1;
    expect(refusal(bytes)).toBe(said('the padding after its header is not zero'));
  });

  it('refuses a file over the cap by its length alone', () => {
    expect(refusal(new Uint8Array(MAX_DATASET_FILE_BYTES + 1))).toBe(said('it is 65.1 MB, over the 65 MB this page reads'));
  });
});
