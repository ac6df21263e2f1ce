import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { english, sayable } from '../../i18n/testing/english';
import { DECODES_IN_FLIGHT, importImageFolder, importImageZip, type ImageDecoder, type ImagesReading } from './imageImport';
import type { FileEntry } from './entries';
import { OPTIONS, SHAPES } from './testing/fixtures';
import { decodePng, drawShape, grayPng, grayToRgba, jpegHeader, pngFile, webpHeader } from './testing/pictures';
import { zipBomb } from './testing/zipBomb';

/** A decoder that counts its calls. */
function counting(decode: ImageDecoder = decodePng): ImageDecoder & { calls: number } {
  const counted = Object.assign(async (bytes: Uint8Array, name: string) => {
    counted.calls++;
    return decode(bytes, name);
  }, { calls: 0 });
  return counted;
}

/** 3 classes x 4 pictures, 28 x 28, light on dark, written as gray, RGB and RGBA PNGs in turn. */
function shapeFolder(): FileEntry[] {
  return SHAPES.flatMap((shape, c) =>
    Array.from({ length: 4 }, (_, v) => {
      const rgba = grayToRgba(drawShape(shape, 28, 28, v + c));
      return { path: `shapes/${shape}/${v}.png`, bytes: pngFile(28, 28, rgba, [0, 2, 6][v % 3]) };
    }),
  );
}

function refusal(read: ImagesReading): string {
  if (read.ok) return '(made)';
  expect(sayable(read.error)).toBe(true);
  return english(read.error);
}

const TINY_PNG = grayPng(1, 1, new Uint8Array(1));
const said = (reason: string) => `These images cannot be made into a data set: ${reason}.`;

describe('importImageFolder', () => {
  it('makes 3 classes of 4 pictures into a data set, decoding each picture once, telling its progress and what it skipped', async () => {
    const decode = counting();
    const progress: number[][] = [];
    const entries = [...shapeFolder(), { path: 'shapes/README.md', bytes: new Uint8Array(3) }, { path: 'shapes/ring/notes.txt', bytes: new TextEncoder().encode('ring') }];
    const read = await importImageFolder(entries, decode, { ...OPTIONS, onProgress: (done, total) => progress.push([done, total]) });
    if (!read.ok) throw new Error(english(read.error));
    expect(read.dataset.classNames).toEqual(['cross', 'ring', 'square']);
    expect([read.dataset.train.count, read.dataset.test.count]).toEqual([9, 3]);
    expect(read.skipped).toEqual(['shapes/README.md', 'shapes/ring/notes.txt']);
    expect(decode.calls).toBe(12);
    expect(progress).toHaveLength(12);
    expect(progress[11]).toEqual([12, 12]);
  });

  it('makes the same data set from the same pictures in a zip, whatever their order', async () => {
    const folder = await importImageFolder(shapeFolder(), decodePng, OPTIONS);
    const zip = zipSync(Object.fromEntries(shapeFolder().reverse().map((e) => [e.path, e.bytes])));
    const zipped = await importImageZip(zip, decodePng, OPTIONS);
    expect(zipped.ok && folder.ok).toBe(true);
    expect(zipped).toEqual(folder);
  });

  it('takes JPEG and WebP files by their bytes, whatever their names, through the decoder it is given', async () => {
    const gray: ImageDecoder = async () => ({ width: 30, height: 20, channels: 1, pixels: new Uint8Array(600).fill(40) });
    const entries = ['a', 'b'].flatMap((c) => [
      { path: `${c}/1.jpg`, bytes: jpegHeader(30, 20) },
      { path: `${c}/2.webp`, bytes: webpHeader('VP8L', 30, 20) },
      { path: `${c}/3`, bytes: webpHeader('VP8 ', 30, 20) },
    ]);
    const read = await importImageFolder(entries, gray, OPTIONS);
    if (!read.ok) throw new Error(english(read.error));
    expect(read.dataset.train.count + read.dataset.test.count).toBe(6);
    // 30 x 20 fitted to 28 x 19 (rounded), centred: rows 4..22 hold the picture, the rest is black.
    const image = read.dataset.train.images.subarray(0, 784);
    expect(image[3 * 28 + 5]).toBe(0);
    expect(image[4 * 28 + 5]).toBe(40);
    expect(image[22 * 28 + 5]).toBe(40);
    expect(image[23 * 28 + 5]).toBe(0);
  });

  it('accepts a picture the decoder turned a quarter (a JPEG’s orientation)', async () => {
    const turned: ImageDecoder = async () => ({ width: 20, height: 30, channels: 1, pixels: new Uint8Array(600) });
    const entries = ['a', 'b'].flatMap((c) => [1, 2].map((i) => ({ path: `${c}/${i}.jpg`, bytes: jpegHeader(30, 20) })));
    expect((await importImageFolder(entries, turned, OPTIONS)).ok).toBe(true);
  });

  it('inverts dark strokes on light paper, at any size, into what light strokes on black give', async () => {
    const folder = (ink: number, paper: number) =>
      SHAPES.flatMap((shape) => [0, 1].map((v) => ({ path: `${shape}/${v}.png`, bytes: grayPng(64, 48, drawShape(shape, 64, 48, v, ink, paper)) })));
    const paper = await importImageFolder(folder(0, 255), decodePng, OPTIONS);
    const black = await importImageFolder(folder(255, 0), decodePng, OPTIONS);
    expect(paper.ok).toBe(true);
    expect(paper).toEqual(black);
  });

  describe('refuses, with its sentence, before decoding anything', () => {
    const hostile: [string, () => FileEntry[], string][] = [
      ['a non-image with a .png name', () => [...shapeFolder(), { path: 'shapes/ring/evil.png', bytes: new TextEncoder().encode('#!/bin/sh\necho hi') }], "the file 'shapes/ring/evil.png' is named like an image but is not a PNG, JPEG or WebP image"],
      [
        'a 20,000 x 20,000 picture',
        () => {
          const png = grayPng(2, 2, new Uint8Array(4));
          new DataView(png.buffer, png.byteOffset).setUint32(16, 20_000);
          new DataView(png.buffer, png.byteOffset).setUint32(20, 20_000);
          return [...shapeFolder(), { path: 'shapes/cross/huge.png', bytes: png }];
        },
        "the image 'shapes/cross/huge.png' is 20000 x 20000 pixels, over the 4096 x 4096 this page decodes",
      ],
      ['a picture whose header is cut short', () => [...shapeFolder(), { path: 'shapes/cross/cut.png', bytes: grayPng(3, 3, new Uint8Array(9)).subarray(0, 20) }], "the image 'shapes/cross/cut.png' is damaged: its width and height cannot be read"],
      ['10,000 classes', () => Array.from({ length: 10_000 }, (_, i) => ({ path: `c${i}/a.png`, bytes: TINY_PNG })), 'there are 10,000 class folders, over the 100 a data set may have'],
      ['an empty class folder', () => [...shapeFolder(), { path: 'shapes/triangle/', bytes: new Uint8Array(0) }], "the folder 'triangle' holds no images"],
      ['a class folder of notes only', () => [...shapeFolder(), { path: 'shapes/triangle/notes.txt', bytes: new Uint8Array(4) }], "the folder 'triangle' holds no images"],
      ['pictures with no class folders', () => shapeFolder().map((e) => ({ ...e, path: e.path.replace(/^shapes\/\w+\//, `${e.path.split('/')[1]}-`) })), 'there are no class folders: put each class’s images in a folder named after the class'],
    ];
    it.each(hostile)('%s', async (_case, entries, reason) => {
      const decode = counting();
      expect(refusal(await importImageFolder(entries(), decode, OPTIONS))).toBe(said(reason));
      expect(decode.calls).toBe(0);
    });
  });

  it('refuses a class of one picture, a picture the decoder cannot read, and one it decodes to another size', async () => {
    const one = [...shapeFolder(), { path: 'shapes/triangle/0.png', bytes: shapeFolder()[0].bytes }];
    expect(refusal(await importImageFolder(one, decodePng, OPTIONS))).toBe(said("class 'triangle' has only 1 image; every class needs at least 2, one to train on and one to test"));
    const failing: ImageDecoder = async (bytes, name) => {
      if (name.endsWith('ring/1.png')) throw new Error('invalid distance too far back');
      return decodePng(bytes);
    };
    expect(refusal(await importImageFolder(shapeFolder(), failing, OPTIONS))).toBe(said("the image 'shapes/ring/1.png' could not be decoded (invalid distance too far back)"));
    const wrong: ImageDecoder = async () => ({ width: 28, height: 27, channels: 4, pixels: new Uint8Array(28 * 27 * 4) });
    expect(refusal(await importImageFolder(shapeFolder(), wrong, OPTIONS))).toBe(said("the image 'shapes/cross/0.png' did not decode to the 28 x 28 pixels of 1 to 4 channels its header declares"));
    const short: ImageDecoder = async () => ({ width: 28, height: 28, channels: 4, pixels: new Uint8Array(10) });
    expect(refusal(await importImageFolder(shapeFolder(), short, OPTIONS))).toBe(said("the image 'shapes/cross/0.png' did not decode to the 28 x 28 pixels of 1 to 4 channels its header declares"));
  });

  it('stops between two pictures when asked, and makes nothing; only the decodes already in flight ran', async () => {
    const stop = new AbortController();
    const decode = counting();
    const folder = shapeFolder();
    const read = await importImageFolder(folder, decode, { ...OPTIONS, signal: stop.signal, onProgress: (done) => done === 3 && stop.abort() });
    expect(read.ok || english(read.error)).toBe('The import was stopped; no data set was made.');
    expect(decode.calls).toBe(Math.min(3 + DECODES_IN_FLIGHT, folder.length));
    expect(folder.length, 'the folder holds more pictures than were decoded').toBeGreaterThan(3 + DECODES_IN_FLIGHT);
  });

  it('refuses a zip bomb in its own sentence, never calling the decoder', async () => {
    const decode = counting();
    expect(refusal(await importImageZip(zipBomb(20, 16 * 1024 * 1024), decode, OPTIONS))).toBe('This zip file cannot be made into a data set: its files would expand to 320 MB, over the 256 MB this page reads.');
    expect(refusal(await importImageZip(zipSync({ 'a/': {}, 'b/x.png': grayPng(1, 1, new Uint8Array(1)) }), decode, OPTIONS))).toBe("This zip file cannot be made into a data set: the folder 'a' holds no images.");
    expect(decode.calls).toBe(0);
  });
});
