import type { DatasetId } from '../config/datasets';

/**
 * One split of an image data set: row-major 28x28 uint8 pixels and uint8 labels 0..9 (a data set
 * of your own, src/data/own: its format's size x size x channels bytes, labels 0..classes-1).
 */
export interface ImageSplit {
  count: number;
  /** count * 784 bytes, pixel values 0..255. */
  images: Uint8Array;
  /** count bytes, class ids 0..classCount-1. */
  labels: Uint8Array;
}

export interface ImageDataset {
  id: DatasetId;
  /** Classes its labels run over (10 for MNIST and Fashion-MNIST): the models' output width. */
  classCount: number;
  train: ImageSplit;
  test: ImageSplit;
  /** A data set of your own: its name and class names (a shipped set's are CLASS_NAMES in src/config/datasets.ts). */
  own?: { readonly name: string; readonly classNames: readonly string[] };
}

/** Progress of a download/decode, bytes. total is 0 when unknown. */
export type ProgressCallback = (loadedBytes: number, totalBytes: number) => void;

/** Reads one asset file (path relative to the data root, e.g. "mnist/train-images.u8.gz") as decompressed bytes. */
export type AssetReader = (path: string, onProgress?: ProgressCallback) => Promise<Uint8Array>;
