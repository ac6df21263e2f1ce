/**
 * Messages between the page and the data set worker (src/engine/ownData/worker.ts), which imports,
 * keeps, lists, hands out and deletes data sets of your own. It holds no device and never loads
 * TensorFlow.js; pictures are decoded there with the browser's own decoders.
 */
import type { ImportFormatId, OwnDatasetSummary } from '../../config/datasets';
import type { Message } from '../../i18n/message';

/** One file of a picked or dropped folder, its path relative to what was picked (the class is its first folder). */
export interface PickedFile {
  readonly path: string;
  readonly file: Blob;
}

/**
 * A drawing or a camera frame as the page took it: width x height pixels of `channels` bytes (1 gray,
 * 4 RGBA), row-major. The worker makes it 28 x 28 grayscale with the importers' pixel pipeline.
 */
export interface RawPicture {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly pixels: Uint8Array;
  /** A camera frame: light on dark or not is decided once for all the set's frames, not per frame. */
  readonly camera?: boolean;
}

/** One class of a data set made by drawing or with the camera. */
export interface DrawnClassPictures {
  readonly name: string;
  readonly pictures: readonly RawPicture[];
}

export type OwnDataCommand =
  | { readonly type: 'list'; readonly id: number }
  /** A folder of pictures, one sub-folder per class, made into `format` (28 x 28 grayscale when absent). */
  | { readonly type: 'importFolder'; readonly id: number; readonly name: string; readonly files: readonly PickedFile[]; readonly format?: ImportFormatId }
  /**
   * One file: a zip of class folders (made into `format`), a CSV (always 28 x 28 grayscale), or a data set
   * file (.gpds, its own format), told apart by its first bytes.
   */
  | { readonly type: 'importFile'; readonly id: number; readonly name: string; readonly file: PickedFile; readonly format?: ImportFormatId }
  /** Classes of drawings or camera frames, made into a data set and kept like an import. */
  | { readonly type: 'importDrawn'; readonly id: number; readonly name: string; readonly classes: readonly DrawnClassPictures[] }
  /** Stops the import with this id between two pictures. */
  | { readonly type: 'stop'; readonly id: number }
  | { readonly type: 'file'; readonly id: number; readonly datasetId: string }
  | { readonly type: 'remove'; readonly id: number; readonly datasetId: string };

export interface OwnDataListed {
  readonly datasets: readonly OwnDatasetSummary[];
  /** Records that cannot be read, by id, with why: listed so they can be deleted. */
  readonly damaged: readonly { readonly id: string; readonly error: Message }[];
}

export type OwnDataEvent =
  | { readonly type: 'progress'; readonly id: number; readonly done: number; readonly total: number }
  | ({ readonly type: 'listed'; readonly id: number } & OwnDataListed)
  | { readonly type: 'imported'; readonly id: number; readonly summary: OwnDatasetSummary; readonly skipped: readonly string[] }
  | { readonly type: 'file'; readonly id: number; readonly summary: OwnDatasetSummary; readonly bytes: ArrayBuffer }
  | { readonly type: 'removed'; readonly id: number }
  | { readonly type: 'failed'; readonly id: number; readonly error: Message };
