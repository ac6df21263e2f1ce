/**
 * How a drawn data set makes each picture 28 x 28 grayscale. A drawing goes through the importers'
 * pipeline as it is (pixels.ts); look-inside prepares its pad's drawing for a model of an own set
 * the same way. Camera frames of a scene get one light-or-dark decision for all the set's frames:
 * judged one at a time, a scene near mid-grey came out light on dark in one frame and dark on light
 * in the next, so one class held both polarities.
 */
import { borderMean, LIGHT_BACKGROUND, toGray, toModelImage, type DecodedImage } from './pixels';
import { fitCentred } from './resize';
import { GRAY_28 } from './types';

/** A picture as the page sends it; `camera` marks a camera frame. */
export interface DrawnPicture extends DecodedImage {
  readonly camera?: boolean;
}

/** A drawing (the pad's ink, light on black) as the data set's 28 x 28 image. */
export function drawnImage(picture: DecodedImage): Uint8Array {
  return toModelImage(picture, GRAY_28.size);
}

/** Whether a set's camera frames are inverted: pixels.ts's light-background rule on their border means averaged, once for them all. */
export function framesInverted(frames: readonly DecodedImage[]): boolean {
  if (frames.length === 0) return false;
  const sum = frames.reduce((total, f) => total + borderMean(toGray(f), f.width, f.height), 0);
  return sum / frames.length >= LIGHT_BACKGROUND;
}

/** A camera frame as the data set's 28 x 28 image: grayscale, inverted when the set's frames are, fitted and centred. */
export function frameImage(frame: DecodedImage, inverted: boolean): Uint8Array {
  const gray = toGray(frame);
  if (inverted) for (let i = 0; i < gray.length; i++) gray[i] = 255 - gray[i];
  return fitCentred(gray, frame.width, frame.height, GRAY_28.size);
}
