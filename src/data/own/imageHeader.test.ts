import { describe, expect, it } from 'vitest';
import { IMAGE_EXTENSIONS, imageKind, imageSize } from './imageHeader';
import { grayPng, jpegHeader, webpHeader } from './testing/pictures';

/** A real PNG whose IHDR then claims another size (its CRC no longer matches: nothing reads further). */
function pngClaiming(width: number, height: number): Uint8Array {
  const png = grayPng(2, 2, new Uint8Array(4));
  const view = new DataView(png.buffer, png.byteOffset);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return png;
}

describe('image kinds and sizes from their headers', () => {
  it('reads a PNG made by pngjs, a JPEG header and the three WebP headers', () => {
    const png = grayPng(37, 19, new Uint8Array(37 * 19));
    expect(imageKind(png)).toBe('png');
    expect(imageSize(png, 'png')).toEqual({ width: 37, height: 19 });
    expect(imageKind(jpegHeader(640, 480))).toBe('jpeg');
    expect(imageSize(jpegHeader(640, 480), 'jpeg')).toEqual({ width: 640, height: 480 });
    for (const kind of ['VP8 ', 'VP8L', 'VP8X'] as const) {
      expect(imageKind(webpHeader(kind, 300, 200))).toBe('webp');
      expect(imageSize(webpHeader(kind, 300, 200), 'webp'), kind).toEqual({ width: 300, height: 200 });
    }
  });

  it('reads a 20,000 x 20,000 declaration without decoding anything', () => {
    expect(imageSize(pngClaiming(20_000, 20_000), 'png')).toEqual({ width: 20_000, height: 20_000 });
    expect(imageSize(jpegHeader(20_000, 20_000), 'jpeg')).toEqual({ width: 20_000, height: 20_000 });
    expect(imageSize(webpHeader('VP8X', 20_000, 20_000), 'webp')).toEqual({ width: 20_000, height: 20_000 });
  });

  it('finds no picture in text, an empty file or a GIF, and no size in a header cut short', () => {
    expect(imageKind(new TextEncoder().encode('not a picture at all'))).toBeNull();
    expect(imageKind(new Uint8Array(0))).toBeNull();
    expect(imageKind(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageSize(grayPng(3, 3, new Uint8Array(9)).subarray(0, 20), 'png')).toBeNull();
    expect(imageSize(jpegHeader(10, 10).subarray(0, 24), 'jpeg')).toBeNull();
    expect(imageSize(webpHeader('VP8 ', 10, 10).subarray(0, 24), 'webp')).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpeg')).toBeNull();
  });

  it('skips JPEG segments before the frame, fill bytes included', () => {
    const head = jpegHeader(50, 60);
    const withComment = new Uint8Array([0xff, 0xd8, 0xff, 0xfe, 0x00, 0x05, 0x61, 0x62, 0x63, 0xff, ...head.subarray(2)]);
    expect(imageSize(withComment, 'jpeg')).toEqual({ width: 50, height: 60 });
  });

  it('knows the names that promise a picture', () => {
    expect(['a.png', 'B.JPG', 'c.jpeg', 'd.webp', 'e.jfif'].every((n) => IMAGE_EXTENSIONS.test(n))).toBe(true);
    expect(['notes.txt', 'png', 'Thumbs.db', 'a.png.txt'].some((n) => IMAGE_EXTENSIONS.test(n))).toBe(false);
  });
});
