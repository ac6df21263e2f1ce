/**
 * A decoded picture made into one MNIST-like image: grayscale, light strokes on a dark background,
 * fitted into a size x size square.
 *
 * 1. Grayscale: luma 0.299 R + 0.587 G + 0.114 B (ITU-R BT.601, as PIL's "L"); transparency is
 *    composited over white, as a browser shows a transparent picture on a white page.
 * 2. Inversion: MNIST is white on black. A picture whose border (its outermost rows and columns)
 *    averages 128 or more is taken to have a light background (paper, a whiteboard, a white-background
 *    photo) and is inverted (255 - v), so its strokes come out light on dark. Each picture is judged
 *    alone; a picture with a dark border is kept as it is.
 * 3. Fit: the longer side is scaled to `size`, the aspect kept, the result centred on black (area
 *    averaging, resize.ts).
 *
 * A colour format (32 x 32 x 3) goes through colour.ts instead (formatImage.ts picks): no inversion, no centring on black.
 */
import { fitCentred } from './resize';

/** What a decoder gives: width * height * channels bytes, row-major, channels 1 (gray), 2 (gray, alpha), 3 (RGB) or 4 (RGBA). */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly pixels: Uint8Array | Uint8ClampedArray;
}

/** Border mean at or above this is a light background. */
export const LIGHT_BACKGROUND = 128;

export function toGray(image: DecodedImage): Float32Array {
  const { width, height, channels, pixels } = image;
  const gray = new Float32Array(width * height);
  for (let i = 0; i < gray.length; i++) {
    const at = i * channels;
    const value = channels >= 3 ? 0.299 * pixels[at] + 0.587 * pixels[at + 1] + 0.114 * pixels[at + 2] : pixels[at];
    const alpha = channels === 2 || channels === 4 ? pixels[at + channels - 1] / 255 : 1;
    gray[i] = value * alpha + 255 * (1 - alpha);
  }
  return gray;
}

/** The mean of the outermost rows and columns. */
export function borderMean(gray: Float32Array, width: number, height: number): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    const edgeRow = y === 0 || y === height - 1;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x === 0 || x === width - 1) {
        sum += gray[y * width + x];
        count++;
      }
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** Light on dark: inverted in place when the border is light. */
export function lightOnDark(gray: Float32Array, width: number, height: number): Float32Array {
  if (borderMean(gray, width, height) >= LIGHT_BACKGROUND) for (let i = 0; i < gray.length; i++) gray[i] = 255 - gray[i];
  return gray;
}

/** A decoded picture as one size x size grayscale image, light on dark, centred. */
export function toModelImage(image: DecodedImage, size: number): Uint8Array {
  const gray = lightOnDark(toGray(image), image.width, image.height);
  return fitCentred(gray, image.width, image.height, size);
}
