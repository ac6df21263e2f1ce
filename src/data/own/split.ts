/**
 * The train / test split of a labelled pool: deterministic for its seed, stratified per class. Each
 * class's images are shuffled by their own stream of the seed, round(n * testFraction) of them (at
 * least 1, at most n - 1) go to test, the rest to train; then each split is shuffled as a whole, so
 * neither is ordered by class. The same pool in the same order with the same seed always gives the
 * same splits, whichever importer made the pool.
 */
import { quoted } from '../../config/schema';
import { msg } from '../../i18n/message';
import { epochRng, shuffleInPlace } from '../random';
import type { ImageSplit } from '../types';
import { MAX_TEST_FRACTION, MIN_IMAGES_PER_CLASS } from './limits';
import { refuse } from './refusal';
import type { LabelledPool } from './types';

/** Streams of the seed for the final orders, far from the per-class streams 0..MAX_CLASSES-1. */
const TRAIN_ORDER_STREAM = 0x10000;
const TEST_ORDER_STREAM = 0x10001;

export interface Splits {
  readonly train: ImageSplit;
  readonly test: ImageSplit;
}

export function splitPool(pool: LabelledPool, classNames: readonly string[], bytesPerImage: number, seed: number, testFraction: number): Splits {
  if (!(testFraction > 0 && testFraction <= MAX_TEST_FRACTION)) throw new RangeError(`A test fraction must be in (0, ${MAX_TEST_FRACTION}], not ${testFraction}.`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`A seed must be a uint32, not ${seed}.`);
  if (pool.images.length !== pool.count * bytesPerImage || pool.labels.length !== pool.count) throw new RangeError('A pool’s images and labels must hold exactly its count of images.');
  const members = membersByClass(pool, classNames);
  const train: number[] = [];
  const test: number[] = [];
  members.forEach((indices, classId) => {
    const count = indices.length;
    if (count === 0) refuse('check.dataset.why.emptyClass', { name: quoted(classNames[classId]) });
    if (count < MIN_IMAGES_PER_CLASS) refuse('check.dataset.why.classTooSmall', { name: quoted(classNames[classId]), count, min: MIN_IMAGES_PER_CLASS });
    const order = shuffleInPlace(Int32Array.from(indices), epochRng(seed, classId));
    const testCount = Math.min(count - 1, Math.max(1, Math.round(count * testFraction)));
    test.push(...order.subarray(0, testCount));
    train.push(...order.subarray(testCount));
  });
  return {
    train: gather(pool, shuffleInPlace(Int32Array.from(train), epochRng(seed, TRAIN_ORDER_STREAM)), bytesPerImage),
    test: gather(pool, shuffleInPlace(Int32Array.from(test), epochRng(seed, TEST_ORDER_STREAM)), bytesPerImage),
  };
}

function membersByClass(pool: LabelledPool, classNames: readonly string[]): number[][] {
  const members = classNames.map((): number[] => []);
  for (let i = 0; i < pool.count; i++) {
    const label = pool.labels[i];
    if (label >= classNames.length) refuse('check.dataset.why.label', { what: msg('check.dataset.part.image', { index: i + 1 }), label, count: classNames.length, last: classNames.length - 1 });
    members[label].push(i);
  }
  return members;
}

function gather(pool: LabelledPool, indices: Int32Array, bytesPerImage: number): ImageSplit {
  const images = new Uint8Array(indices.length * bytesPerImage);
  const labels = new Uint8Array(indices.length);
  indices.forEach((from, to) => {
    images.set(pool.images.subarray(from * bytesPerImage, (from + 1) * bytesPerImage), to * bytesPerImage);
    labels[to] = pool.labels[from];
  });
  return { count: indices.length, images, labels };
}
