/**
 * The rules for a data set's name and its class names, the same for every importer and the file
 * reader: class names are what the confusion matrix and the draw-a-digit bars will show.
 */
import { isUsableOwnText } from '../../config/ownDatasetLimits';
import { quoted } from '../../config/schema';
import { MAX_CLASS_NAME_CHARS, MAX_CLASSES, MAX_DATASET_NAME_CHARS, MIN_CLASSES } from './limits';
import { refuse } from './refusal';

const usableText = isUsableOwnText;

export function isUsableClassName(value: unknown): value is string {
  return usableText(value, MAX_CLASS_NAME_CHARS);
}

export function checkDatasetName(value: unknown): string {
  if (!usableText(value, MAX_DATASET_NAME_CHARS)) refuse('check.dataset.why.name', { max: MAX_DATASET_NAME_CHARS });
  return value;
}

/** MIN_CLASSES..MAX_CLASSES usable names, no two alike. */
export function checkClassNames(value: unknown): readonly string[] {
  if (!Array.isArray(value)) refuse('check.dataset.why.classList');
  checkClassCount(value.length);
  const seen = new Set<string>();
  value.forEach((name: unknown, index) => {
    if (!isUsableClassName(name)) refuse('check.dataset.why.className', { index, max: MAX_CLASS_NAME_CHARS });
    if (seen.has(name)) refuse('check.dataset.why.classTwice', { name: quoted(name) });
    seen.add(name);
  });
  return value as string[];
}

export function checkClassCount(count: number): void {
  if (count < MIN_CLASSES) refuse('check.dataset.why.tooFewClasses', { count, min: MIN_CLASSES });
  if (count > MAX_CLASSES) refuse('check.dataset.why.tooManyClasses', { count, max: MAX_CLASSES });
}
