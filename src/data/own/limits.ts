/**
 * The caps on a data set of your own, in one place: every importer and the file reader check what
 * they are given against these numbers before they allocate or decode anything.
 */

/** Classes, names and images: in src/config, since links and the class board check them too. */
export { MAX_CLASS_NAME_CHARS, MAX_CLASSES, MAX_DATASET_NAME_CHARS, MAX_IMAGES, MIN_CLASSES } from '../../config/ownDatasetLimits';
/** Most bytes of images and labels in a data set (its file adds a header of at most 64 kB). */
export const MAX_DATASET_BYTES = 64 * 1024 * 1024;
/**
 * Most bytes of pictures an importer is given: a folder's files summed, a zip archive, and the sizes
 * its central directory declares summed (checked before anything is inflated).
 */
export const MAX_SOURCE_BYTES = 256 * 1024 * 1024;
/** Largest CSV read: Kaggle's mnist_train.csv (60,000 rows, about 110 MB) fits. */
export const MAX_CSV_BYTES = 128 * 1024 * 1024;
/** Most files a zip archive or a folder may hold (images, and the files that are skipped). */
export const MAX_ENTRIES = 70_000;
/** Largest picture decoded, pixels per side: read from its header before it is decoded. */
export const MAX_SOURCE_SIDE = 4096;
/** The share of each class's images kept for testing. */
export const DEFAULT_TEST_FRACTION = 0.2;
/** Largest test share a caller may ask for: a class must keep at least as many images to train on. */
export const MAX_TEST_FRACTION = 0.5;
/** A class needs one image to train on and one to test. */
export const MIN_IMAGES_PER_CLASS = 2;
/** Most drawings or camera frames one class of a drawn data set holds (the page keeps each until the set is made). */
export const MAX_DRAWN_PER_CLASS = 50;
/** Most classes a data set made by drawing or the camera has (the page's class count goes from MIN_CLASSES to this). */
export const MAX_DRAWN_CLASSES = 10;
/** Largest drawing or camera frame the page sends, pixels per side. */
export const MAX_DRAWN_SIDE = 512;
/**
 * Most bytes of images and labels the "Export for TensorFlow" package carries as dataset.npz: the page
 * holds the whole zip in memory to download it, so a set over this is refused with a sentence.
 */
export const MAX_EXPORT_DATASET_BYTES = 32 * 1024 * 1024;
