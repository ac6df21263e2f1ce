/**
 * What kind of picture a file is, from its magic bytes, and its width and height, from its header,
 * without decoding it: so a file named .png that is not an image, and a 20,000 x 20,000 picture,
 * are refused before any decoder sees them.
 *
 *   PNG   89 50 4E 47 0D 0A 1A 0A, then the IHDR chunk: width and height, big-endian uint32
 *   JPEG  FF D8 FF, then segments up to the first start-of-frame (SOF0..SOF15 but DHT, JPG, DAC):
 *         height and width, big-endian uint16
 *   WebP  "RIFF" size "WEBP", then a VP8 (lossy: 14-bit sizes after the start code 9D 01 2A),
 *         VP8L (lossless: 14-bit sizes minus one after the byte 2F) or VP8X chunk (24-bit sizes minus one)
 */

export type ImageKind = 'png' | 'jpeg' | 'webp';

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** File names that promise a picture: such a file must be one. */
export const IMAGE_EXTENSIONS = /\.(png|jpe?g|jfif|webp)$/i;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return null;
}

/** Width and height as the header declares them; null when the header is cut short or unreadable. */
export function imageSize(bytes: Uint8Array, kind: ImageKind): ImageSize | null {
  if (kind === 'png') return pngSize(bytes);
  if (kind === 'jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return at + length <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + length)) : '';
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: view(bytes).getUint32(16), height: view(bytes).getUint32(20) };
}

/** Start-of-frame markers: C0..CF except C4 (DHT), C8 (JPG) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Uint8Array): ImageSize | null {
  const data = view(bytes);
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    let marker = bytes[at + 1];
    while (marker === 0xff && at + 2 < bytes.length) marker = bytes[++at + 1];
    at += 2;
    // Markers without a length: TEM, RST0..7, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) continue;
    if (marker === 0xda || at + 2 > bytes.length) return null;
    const length = data.getUint16(at);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) return at + 7 <= bytes.length ? { height: data.getUint16(at + 3), width: data.getUint16(at + 5) } : null;
    at += length;
  }
  return null;
}

function webpSize(bytes: Uint8Array): ImageSize | null {
  const chunk = ascii(bytes, 12, 4);
  const data = view(bytes);
  if (chunk === 'VP8 ') {
    if (bytes.length < 30 || bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes.length < 25 || bytes[20] !== 0x2f) return null;
    const bits = data.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    if (bytes.length < 30) return null;
    const uint24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    return { width: uint24(24) + 1, height: uint24(27) + 1 };
  }
  return null;
}
