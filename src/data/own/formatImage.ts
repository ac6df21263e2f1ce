/** A decoded picture as one image of a data set's format: the grayscale pipeline (pixels.ts) or the colour one (colour.ts). */
import { toColourImage } from './colour';
import { toModelImage, type DecodedImage } from './pixels';
import type { OwnImageFormat } from './types';

export function toFormatImage(image: DecodedImage, format: OwnImageFormat): Uint8Array {
  return format.channels === 1 ? toModelImage(image, format.size) : toColourImage(image, format.size);
}
