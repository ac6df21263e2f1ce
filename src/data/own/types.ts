/**
 * A data set of your own as one document: what an importer (folder, zip, CSV, and later drawing and
 * the camera) makes, what the data set file holds, and what training will read like MNIST.
 */
import { IMPORT_FORMATS, type ImportFormatId } from '../../config/datasets';
import type { Message } from '../../i18n/message';
import type { ImageSplit } from '../types';

/**
 * The images' shape: square, `size` pixels a side, `channels` bytes a pixel (1 = grayscale, 3 = RGB,
 * channel-last). The formats made and read are OWN_FORMATS: 28 x 28 grayscale and 32 x 32 colour.
 */
export interface OwnImageFormat {
  readonly size: number;
  readonly channels: number;
}

/** The formats this version makes and reads (config/datasets.ts's IMPORT_FORMATS). */
export const GRAY_28: OwnImageFormat = IMPORT_FORMATS.gray28;
/** CIFAR-10's shape: photos kept in colour (the folder / zip importer only). */
export const COLOUR_32: OwnImageFormat = IMPORT_FORMATS.colour32;
export const OWN_FORMATS: readonly OwnImageFormat[] = [GRAY_28, COLOUR_32];

/** The format of an import form's id; an id from elsewhere gives a format the importer refuses in a sentence. */
export function importFormatOf(id: ImportFormatId | undefined): OwnImageFormat {
  if (id === undefined) return GRAY_28;
  return Object.hasOwn(IMPORT_FORMATS, id) ? IMPORT_FORMATS[id] : { size: 0, channels: 0 };
}

export function bytesPerImage(format: OwnImageFormat): number {
  return format.size * format.size * format.channels;
}

export function isKnownFormat(format: OwnImageFormat): boolean {
  return OWN_FORMATS.some((f) => f.size === format.size && f.channels === format.channels);
}

export interface OwnDataset {
  /** What the person called it: 1..MAX_DATASET_NAME_CHARS characters. */
  readonly name: string;
  /** Class id i is classNames[i]: MIN_CLASSES..MAX_CLASSES names, each unique, trimmed, 1..MAX_CLASS_NAME_CHARS characters. */
  readonly classNames: readonly string[];
  readonly format: OwnImageFormat;
  /**
   * Row-major uint8 images (count * size * size * channels bytes) and uint8 labels (class ids
   * 0..classNames.length-1). Every class has at least one image in each split.
   */
  readonly train: ImageSplit;
  readonly test: ImageSplit;
  /** The seed the train / test split (and its order) was drawn with, a uint32. */
  readonly seed: number;
  /** ISO 8601. */
  readonly createdAt: string;
}

/** Every image of a data set before it is split, labelled by class id. */
export type LabelledPool = ImageSplit;

/** What a caller names when a data set is made. */
export interface OwnDatasetOptions {
  readonly name: string;
  /** A uint32. */
  readonly seed: number;
  /** ISO 8601. */
  readonly createdAt: string;
  /** The share of each class kept for testing, (0, MAX_TEST_FRACTION]; DEFAULT_TEST_FRACTION when left out. */
  readonly testFraction?: number;
}

/** What every importer and the file reader answer: a usable document, or one sentence saying why not. Never throws. */
export type OwnDatasetReading = { readonly ok: true; readonly dataset: OwnDataset } | { readonly ok: false; readonly error: Message };
