/**
 * A decoded picture made into one colour image of a size x size x 3 format (RGB, channel-last).
 *
 * Unlike the grayscale pipeline (pixels.ts), nothing meant for digits is done: no inversion (a photo's
 * light background is part of the photo) and no centring on black. Transparency is composited over
 * white, as a browser shows it on a white page. The picture is cropped to its centred square (the
 * longer side's ends are cut, as Teachable Machine crops a camera frame), so the image fills the
 * square without bars or stretching, then resized by area averaging (resize.ts) one channel at a time.
 */
import type { DecodedImage } from './pixels';
import { resizeArea } from './resize';

export const RGB_CHANNELS = 3;

/** The centred square of the picture as three float planes R, G, B (side * side each), alpha over white. */
export function centredSquarePlanes(image: DecodedImage): { side: number; planes: Float32Array[] } {
  const { width, height, channels, pixels } = image;
  const side = Math.min(width, height);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const planes = [0, 1, 2].map(() => new Float32Array(side * side));
  const hasAlpha = channels === 2 || channels === 4;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = ((top + y) * width + left + x) * channels;
      const alpha = hasAlpha ? pixels[at + channels - 1] / 255 : 1;
      for (let c = 0; c < RGB_CHANNELS; c++) {
        // Gray and gray + alpha pictures give the same value to R, G and B.
        const value = channels >= 3 ? pixels[at + c] : pixels[at];
        planes[c][y * side + x] = value * alpha + 255 * (1 - alpha);
      }
    }
  }
  return { side, planes };
}

/** A decoded picture as one size x size RGB image, row-major and channel-last, 0..255. */
export function toColourImage(image: DecodedImage, size: number): Uint8Array {
  const { side, planes } = centredSquarePlanes(image);
  const out = new Uint8Array(size * size * RGB_CHANNELS);
  planes.forEach((plane, c) => {
    const resized = resizeArea(plane, side, side, size, size);
    for (let i = 0; i < resized.length; i++) out[i * RGB_CHANNELS + c] = Math.min(255, Math.max(0, Math.round(resized[i])));
  });
  return out;
}
