/**
 * The 28×28 image a drawing on look-inside's pad is given to a model as. A model of an own data set
 * gets the drawing prepared exactly as a drawn data set's drawings are (src/data/own drawnImage: the
 * whole pad fitted to 28×28, light on dark), so it sees what it trained on. A model of MNIST or
 * Fashion-MNIST keeps the page's MNIST-like preparation (src/metrics/digitImage.ts: the ink's
 * bounding box scaled to 20 px and centred by its centre of mass, as MNIST's own digits were made).
 */
import { isOwnDatasetId, type DatasetId } from '../../config/datasets';
import { IMAGE_PIXELS } from '../../config/tunables';
import { drawnImage, MAX_DRAWN_SIDE } from '../../data/own';
import type { InspectQuery } from '../protocol/inspect';
import type { RawPicture } from '../protocol/ownData';

type PredictQuery = Extract<InspectQuery, { what: 'predict' }>;

function checkDrawing({ width, height, channels, pixels }: RawPicture): void {
  const sized = [width, height].every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_DRAWN_SIDE);
  if (!sized || !(channels === 1 || channels === 4) || !(pixels instanceof Uint8Array) || pixels.length !== width * height * channels) {
    throw new RangeError(`A drawing to predict is 1 to ${MAX_DRAWN_SIDE} pixels a side, 1 or 4 bytes a pixel`);
  }
}

/** The image (784 values in [0, 1]) the model of `dataset` is given for the query's drawing. */
export function predictInput(dataset: DatasetId, query: PredictQuery): Float32Array {
  if (isOwnDatasetId(dataset) && query.drawing) {
    checkDrawing(query.drawing);
    return Float32Array.from(drawnImage(query.drawing), (v) => v / 255);
  }
  if (!(query.pixels instanceof Float32Array) || query.pixels.length !== IMAGE_PIXELS) throw new RangeError(`A digit to predict is ${IMAGE_PIXELS} numbers`);
  return query.pixels;
}

/** An input as bytes (0..255), to show. */
export const inputBytes = (input: Float32Array): Uint8Array => Uint8Array.from(input, (v) => Math.round(Math.min(1, Math.max(0, v)) * 255));
