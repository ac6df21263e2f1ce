/**
 * A data set made by drawing or with the camera: each class's pictures (the drawing area's ink,
 * camera frames) go through the importers' own pixel pipeline (pixels.ts: grayscale, light on dark,
 * fitted and centred at 28 x 28; camera frames light on dark or not all together, drawnPictures.ts),
 * then become the same document as an import (makeOwnDataset).
 */
import { quoted } from '../../config/schema';
import { buildOwnDataset } from './document';
import { MAX_DRAWN_CLASSES, MAX_DRAWN_PER_CLASS, MAX_DRAWN_SIDE, MIN_IMAGES_PER_CLASS } from './limits';
import { checkClassCount, checkClassNames } from './names';
import { drawnImage, frameImage, framesInverted, type DrawnPicture } from './drawnPictures';
import type { DecodedImage } from './pixels';
import { refuse, refusing } from './refusal';
import { bytesPerImage, GRAY_28, type OwnDatasetOptions, type OwnDatasetReading } from './types';

/** One class as the page made it: its name and its pictures in the order they were added. */
export interface DrawnClass {
  readonly name: string;
  readonly pictures: readonly DrawnPicture[];
}

function checkPicture(picture: DecodedImage, name: string, index: number): void {
  const { width, height, channels, pixels } = picture;
  const sized = Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1 && width <= MAX_DRAWN_SIDE && height <= MAX_DRAWN_SIDE;
  if (!sized || !(channels >= 1 && channels <= 4) || pixels.length !== width * height * channels) refuse('check.dataset.why.drawnPicture', { name: quoted(name), index: index + 1, max: MAX_DRAWN_SIDE });
}

/** Throws the reason the classes cannot make a data set; otherwise the document. */
function buildDrawnDataset(classes: readonly DrawnClass[], options: OwnDatasetOptions) {
  const names = classes.map((c) => c.name);
  checkClassCount(names.length);
  if (names.length > MAX_DRAWN_CLASSES) refuse('check.dataset.why.tooManyDrawnClasses', { count: names.length, max: MAX_DRAWN_CLASSES });
  checkClassNames(names);
  for (const { name, pictures } of classes) {
    if (pictures.length < MIN_IMAGES_PER_CLASS) refuse('check.dataset.why.fewDrawn', { name: quoted(name), count: pictures.length, min: MIN_IMAGES_PER_CLASS });
    if (pictures.length > MAX_DRAWN_PER_CLASS) refuse('check.dataset.why.manyDrawn', { name: quoted(name), count: pictures.length, max: MAX_DRAWN_PER_CLASS });
    pictures.forEach((picture, index) => checkPicture(picture, name, index));
  }
  const count = classes.reduce((sum, c) => sum + c.pictures.length, 0);
  const perImage = bytesPerImage(GRAY_28);
  const images = new Uint8Array(count * perImage);
  const labels = new Uint8Array(count);
  const inverted = framesInverted(classes.flatMap((c) => c.pictures.filter((p) => p.camera)));
  let at = 0;
  classes.forEach(({ pictures }, classId) => {
    for (const picture of pictures) {
      images.set(picture.camera ? frameImage(picture, inverted) : drawnImage(picture), at * perImage);
      labels[at++] = classId;
    }
  });
  return buildOwnDataset({ count, images, labels }, names, options);
}

/** The drawn (or captured) classes as a data set document, or one sentence saying why not. Never throws. */
export function makeDrawnDataset(classes: readonly DrawnClass[], options: OwnDatasetOptions): OwnDatasetReading {
  const made = refusing('examples', () => buildDrawnDataset(classes, options));
  return made.ok ? { ok: true, dataset: made.value } : made;
}
