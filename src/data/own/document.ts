/**
 * Making a data set document from a labelled pool, and the rules every document obeys (checked
 * again when one is written to a file and when one is read back): usable names, a known image
 * format, the caps, labels in range, and every class in both splits.
 */
import { quoted } from '../../config/schema';
import { msg, type Message } from '../../i18n/message';
import type { ImageSplit } from '../types';
import { DEFAULT_TEST_FRACTION, MAX_DATASET_BYTES, MAX_IMAGES } from './limits';
import { checkClassNames, checkDatasetName } from './names';
import { megabytes, refuse, refusing } from './refusal';
import { splitPool } from './split';
import { bytesPerImage, GRAY_28, isKnownFormat, type LabelledPool, type OwnDataset, type OwnDatasetOptions, type OwnDatasetReading, type OwnImageFormat } from './types';

/** Splits the pool and checks the document; throws the reason it is refused. */
export function buildOwnDataset(pool: LabelledPool, classNames: readonly string[], options: OwnDatasetOptions, format: OwnImageFormat = GRAY_28): OwnDataset {
  const name = checkDatasetName(options.name);
  const names = checkClassNames(classNames);
  checkFormat(format);
  checkImageCount(pool.count);
  checkDeclaredBytes(pool.count, format);
  const { train, test } = splitPool(pool, names, bytesPerImage(format), options.seed, options.testFraction ?? DEFAULT_TEST_FRACTION);
  return checkOwnDataset({ name, classNames: [...names], format: { size: format.size, channels: format.channels }, train, test, seed: options.seed, createdAt: options.createdAt });
}

/** A data set from images already at the format's size (drawings, camera frames): the document, or why not. */
export function makeOwnDataset(pool: LabelledPool, classNames: readonly string[], options: OwnDatasetOptions, format: OwnImageFormat = GRAY_28): OwnDatasetReading {
  const made = refusing('examples', () => buildOwnDataset(pool, classNames, options, format));
  return made.ok ? { ok: true, dataset: made.value } : made;
}

/** Every rule of a document; returns it unchanged, or throws the first reason it breaks. */
export function checkOwnDataset(dataset: OwnDataset): OwnDataset {
  checkDatasetName(dataset.name);
  const names = checkClassNames(dataset.classNames);
  checkFormat(dataset.format);
  checkSeed(dataset.seed);
  checkDate(dataset.createdAt);
  const total = dataset.train.count + dataset.test.count;
  checkImageCount(total);
  checkDeclaredBytes(total, dataset.format);
  const perImage = bytesPerImage(dataset.format);
  const inTrain = classCounts(dataset.train, perImage, names.length, msg('check.dataset.part.train'));
  const inTest = classCounts(dataset.test, perImage, names.length, msg('check.dataset.part.test'));
  names.forEach((name, classId) => {
    if (inTrain[classId] === 0) refuse('check.dataset.why.noTrain', { name: quoted(name) });
    if (inTest[classId] === 0) refuse('check.dataset.why.noTest', { name: quoted(name) });
  });
  return dataset;
}

export function checkFormat(format: OwnImageFormat): void {
  if (!isKnownFormat(format)) refuse('check.dataset.why.format', { size: format.size, channels: format.channels });
}

export function checkImageCount(count: number): void {
  if (count > MAX_IMAGES) refuse('check.dataset.why.tooManyImages', { count, max: MAX_IMAGES });
}

/** The bytes `count` images and their labels take, refused over the cap before anything that size is made. */
export function checkDeclaredBytes(count: number, format: OwnImageFormat): number {
  const bytes = count * (bytesPerImage(format) + 1);
  if (bytes > MAX_DATASET_BYTES) refuse('check.dataset.why.declaresTooMuch', { size: megabytes(bytes), max: megabytes(MAX_DATASET_BYTES) });
  return bytes;
}

export function checkSeed(seed: unknown): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) refuse('check.file.notWhole', { what: msg('check.dataset.part.seed'), max: 0xffffffff });
  return seed;
}

export function checkDate(value: unknown): string {
  if (typeof value !== 'string' || value.length > 40 || Number.isNaN(Date.parse(value))) refuse('check.file.badDate');
  return value;
}

/** Images per class in a split, after checking its sizes and that every label names a class. */
function classCounts(split: ImageSplit, perImage: number, classCount: number, what: Message): number[] {
  if (!Number.isInteger(split.count) || split.count < 0 || split.images.length !== split.count * perImage || split.labels.length !== split.count) refuse('check.dataset.why.splitSize', { what });
  const counts = new Array<number>(classCount).fill(0);
  for (let i = 0; i < split.count; i++) {
    const label = split.labels[i];
    if (label >= classCount) refuse('check.dataset.why.label', { what: msg('check.dataset.part.imageOf', { what, index: i + 1 }), label, count: classCount, last: classCount - 1 });
    counts[label]++;
  }
  return counts;
}
