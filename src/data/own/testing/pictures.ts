/**
 * Pictures made in tests: PNG files (pngjs), the PNG decoder the tests inject where the browser
 * will inject its own, shapes drawn on a grid, and a JPEG / WebP header with any declared size.
 * Test code only (pngjs is not a dependency of the app).
 */
import { PNG } from 'pngjs';
import type { DecodedImage } from '../pixels';

/** A PNG of width x height RGBA pixels (4 bytes each), written as colour type `colorType`. */
export function pngFile(width: number, height: number, rgba: Uint8Array, colorType = 6): Uint8Array {
  const png = new PNG({ width, height });
  png.data = Buffer.from(rgba);
  return new Uint8Array(PNG.sync.write(png, { colorType }));
}

/** A grayscale PNG (written as colour type 0) from one byte a pixel. */
export function grayPng(width: number, height: number, gray: Uint8Array): Uint8Array {
  return pngFile(width, height, grayToRgba(gray), 0);
}

export function grayToRgba(gray: Uint8Array): Uint8Array {
  const rgba = new Uint8Array(gray.length * 4);
  gray.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
  return rgba;
}

/** The decoder tests inject: pngjs, RGBA out. */
export async function decodePng(bytes: Uint8Array): Promise<DecodedImage> {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, channels: 4, pixels: new Uint8Array(png.data) };
}

export type Shape = 'square' | 'cross' | 'ring';

/**
 * One of three shapes, light (`ink`) on `paper`, on a width x height grid; `variant` (0..) moves it
 * a little, so every picture of a class differs.
 */
export function drawShape(shape: Shape, width: number, height: number, variant: number, ink = 255, paper = 0): Uint8Array {
  const gray = new Uint8Array(width * height).fill(paper);
  const cx = width / 2 + (variant % 3) - 1;
  const cy = height / 2 + (Math.floor(variant / 3) % 3) - 1;
  const r = Math.min(width, height) * 0.3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const on =
        shape === 'square' ? Math.max(Math.abs(dx), Math.abs(dy)) < r : shape === 'cross' ? Math.min(Math.abs(dx), Math.abs(dy)) < r / 4 && Math.max(Math.abs(dx), Math.abs(dy)) < r : Math.abs(Math.hypot(dx, dy) - r * 0.8) < r / 4;
      if (on) gray[y * width + x] = ink;
    }
  }
  return gray;
}

/** The first bytes of a baseline JPEG declaring width x height (SOI, APP0 JFIF, SOF0); nothing decodable. */
export function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

/** The first bytes of a WebP file declaring width x height in a chunk of the given kind. */
export function webpHeader(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(40);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => (bytes[at + i] = c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 32, true);
  ascii(8, 'WEBP');
  ascii(12, kind);
  view.setUint32(16, 20, true);
  if (kind === 'VP8 ') {
    bytes.set([0x9d, 0x01, 0x2a], 23);
    view.setUint16(26, width, true);
    view.setUint16(28, height, true);
  } else if (kind === 'VP8L') {
    bytes[20] = 0x2f;
    view.setUint32(21, ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), true);
  } else {
    const uint24 = (at: number, v: number) => bytes.set([v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff], at);
    uint24(24, width - 1);
    uint24(27, height - 1);
  }
  return bytes;
}

export type Rgb = readonly [number, number, number];

/** A shape (drawShape) in `ink` colour on `paper` colour, as RGBA bytes for pngFile. */
export function colourShape(shape: Shape, width: number, height: number, variant: number, ink: Rgb, paper: Rgb): Uint8Array {
  const mask = drawShape(shape, width, height, variant);
  const rgba = new Uint8Array(width * height * 4);
  mask.forEach((on, i) => rgba.set([...(on ? ink : paper), 255], i * 4));
  return rgba;
}
