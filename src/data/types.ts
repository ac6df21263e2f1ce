import type { DatasetId } from '../config/datasets';
import type { ImageShape } from '../config/imageShape';

/**
 * One split of an image data set: row-major uint8 pixels (channel-last, its data set's
 * ImageShape: 28 x 28 x 1 for the shipped sets) and uint8 labels 0..classCount-1.
 */
export interface ImageSplit {
  count: number;
  /** count * side * side * channels bytes, values 0..255. */
  images: Uint8Array;
  /** count bytes, class ids 0..classCount-1. */
  labels: Uint8Array;
}

export interface ImageDataset {
  id: DatasetId;
  /** Classes its labels run over (10 for MNIST and Fashion-MNIST): the models' output width. */
  classCount: number;
  /** Its images' shape, which every model is built from (the shipped sets: SHIPPED_IMAGE_SHAPE). */
  shape: ImageShape;
  train: ImageSplit;
  test: ImageSplit;
  /** A data set of your own: its name and class names (a shipped set's are CLASS_NAMES in src/config/datasets.ts). */
  own?: { readonly name: string; readonly classNames: readonly string[] };
}

/** Progress of a download/decode, bytes. total is 0 when unknown. */
export type ProgressCallback = (loadedBytes: number, totalBytes: number) => void;

/** Reads one asset file (path relative to the data root, e.g. "mnist/train-images.u8.gz") as decompressed bytes. */
export type AssetReader = (path: string, onProgress?: ProgressCallback) => Promise<Uint8Array>;
