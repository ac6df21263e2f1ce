/**
 * A data set of your own (issue 23), the pure part: the document, its file, and the importers that
 * make it (CSV; a folder or zip of pictures, as 28 x 28 grayscale or 32 x 32 colour, decoded by an injected decoder; drawings and camera frames). No DOM, no React, no
 * TensorFlow.js: the page, the worker and the tests all use exactly this module.
 */
export { importCsv, type CsvSource } from './csvImport';
export { buildOwnDataset, makeOwnDataset } from './document';
export { makeDrawnDataset, type DrawnClass } from './drawn';
export { drawnImage, type DrawnPicture } from './drawnPictures';
export type { ClassFolder, FileEntry } from './entries';
export { DATASET_FILE_EXTENSION, DATASET_MAGIC, DATASET_VERSION, decodeOwnDataset, encodeOwnDataset, MAX_DATASET_FILE_BYTES } from './fileFormat';
export { ownDatasetHash } from './hash';
export { IMAGE_EXTENSIONS, imageKind, imageSize, type ImageKind, type ImageSize } from './imageHeader';
export { importImageFolder, importImageZip, type ImageDecoder, type ImagesReading, type ImportControls } from './imageImport';
export * from './limits';
export { toColourImage } from './colour';
export { toFormatImage } from './formatImage';
export { LIGHT_BACKGROUND, toModelImage, type DecodedImage } from './pixels';
export { fitCentred, resizeArea } from './resize';
export { bytesPerImage, COLOUR_32, GRAY_28, importFormatOf, OWN_FORMATS, type LabelledPool, type OwnDataset, type OwnDatasetOptions, type OwnDatasetReading, type OwnImageFormat } from './types';
export { openIdbRecords, OWN_DATA_DB_NAME } from './idbRecords';
export { memoryRecords, type RecordStore } from './records';
export { ownDataStore, type DamagedOwnDataset, type OwnDataListing, type OwnDataStore } from './store';
export { loadOwnDataset, trainableDataset } from './trainable';
