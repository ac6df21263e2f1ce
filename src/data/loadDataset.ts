import { TEST_SET_SIZE, TRAIN_SET_SIZE, type DatasetId } from '../config/datasets';
import { IMAGE_PIXELS, NUM_CLASSES } from '../config/tunables';
import { assetPath, PART_NAMES, SPLIT_NAMES, type PartName, type SplitName } from './assetFiles';
import type { AssetReader, ImageDataset, ImageSplit } from './types';

export interface SplitLimits {
  /** Keep at most the first N training examples (all when absent). */
  train?: number;
  /** Keep at most the first N test examples (all when absent). */
  test?: number;
}

export type LoadProgress = (fraction: number, message: string) => void;

const PART_LABELS: Record<SplitName, Record<PartName, string>> = {
  train: { images: 'training images', labels: 'training labels' },
  test: { images: 'test images', labels: 'test labels' },
};

/** Share of the whole download each file accounts for, by its usual raw size (progress only). */
function progressWeight(split: SplitName, part: PartName): number {
  const examples = split === 'train' ? TRAIN_SET_SIZE : TEST_SET_SIZE;
  const total = (TRAIN_SET_SIZE + TEST_SET_SIZE) * (IMAGE_PIXELS + 1);
  return (examples * (part === 'images' ? IMAGE_PIXELS : 1)) / total;
}

/** Loads the four files of a data set in parallel, checks them against each other, and keeps the first N examples. */
export async function loadDataset(id: DatasetId, read: AssetReader, onProgress?: LoadProgress, limits: SplitLimits = {}): Promise<ImageDataset> {
  const fractions = new Map<string, number>();
  const report = (split: SplitName, part: PartName, fraction: number) => {
    fractions.set(`${split}-${part}`, fraction);
    let overall = 0;
    for (const s of SPLIT_NAMES) {
      for (const p of PART_NAMES) overall += (fractions.get(`${s}-${p}`) ?? 0) * progressWeight(s, p);
    }
    onProgress?.(Math.min(1, overall), `Loading ${id} ${PART_LABELS[split][part]}…`);
  };
  const readPart = async (split: SplitName, part: PartName): Promise<Uint8Array> => {
    const bytes = await read(assetPath(id, split, part), (loaded, total) => {
      if (total > 0) report(split, part, Math.min(1, loaded / total));
    });
    report(split, part, 1);
    return bytes;
  };
  const [trainImages, trainLabels, testImages, testLabels] = await Promise.all([
    readPart('train', 'images'),
    readPart('train', 'labels'),
    readPart('test', 'images'),
    readPart('test', 'labels'),
  ]);
  const dataset: ImageDataset = {
    id,
    train: firstExamples(checkedSplit(id, 'train', trainImages, trainLabels), limits.train, `${id} train`),
    test: firstExamples(checkedSplit(id, 'test', testImages, testLabels), limits.test, `${id} test`),
  };
  onProgress?.(1, `Loaded ${id}: ${dataset.train.count} training and ${dataset.test.count} test examples`);
  return dataset;
}

/** Validates one split's files against each other; throws an Error naming the files on any mismatch. */
export function checkedSplit(id: DatasetId, split: SplitName, images: Uint8Array, labels: Uint8Array): ImageSplit {
  const imagesFile = assetPath(id, split, 'images');
  const labelsFile = assetPath(id, split, 'labels');
  if (labels.length === 0) throw new Error(`Data file ${labelsFile} is empty.`);
  if (images.length % IMAGE_PIXELS !== 0) {
    throw new Error(`Data file ${imagesFile} is corrupt: ${images.length} bytes is not a whole number of ${IMAGE_PIXELS}-pixel images.`);
  }
  if (images.length / IMAGE_PIXELS !== labels.length) {
    throw new Error(
      `Data files ${imagesFile} and ${labelsFile} do not match: ${images.length / IMAGE_PIXELS} images but ${labels.length} labels.`,
    );
  }
  const bad = labels.findIndex((label) => label >= NUM_CLASSES);
  if (bad >= 0) throw new Error(`Data file ${labelsFile} is corrupt: label ${labels[bad]} at example ${bad} is not a class 0..${NUM_CLASSES - 1}.`);
  return { count: labels.length, images, labels };
}

/** The first `limit` examples (copied, so the full buffers can be freed), or the split itself when no limit applies. */
function firstExamples(split: ImageSplit, limit: number | undefined, name: string): ImageSplit {
  if (limit === undefined || limit >= split.count) return split;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Cannot keep ${limit} examples of ${name}: need a whole number >= 1.`);
  return { count: limit, images: split.images.slice(0, limit * IMAGE_PIXELS), labels: split.labels.slice(0, limit) };
}
