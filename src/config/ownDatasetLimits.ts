/**
 * The caps on a data set of your own that more than the importers need: src/data/own checks every
 * import and file against them, and src/share every link and board that names an own set.
 */

/** Fewest and most classes a data set may have. */
export const MIN_CLASSES = 2;
export const MAX_CLASSES = 100;
/** Longest class name and data set name, in characters (UTF-16 code units). */
export const MAX_CLASS_NAME_CHARS = 40;
export const MAX_DATASET_NAME_CHARS = 80;
/** Most images in a data set, train and test together (MNIST's training split). */
export const MAX_IMAGES = 60_000;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A data set's or class's name: text of 1..max characters, no control characters, no spaces at either end. */
export function isUsableOwnText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= max && value.trim() === value && !CONTROL.test(value);
}
