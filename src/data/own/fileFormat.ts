/**
 * The data set file (".gpds"), version 1: one data set document, downloaded and loaded back, checked
 * like the checkpoint files: every byte read is untrusted, and the sizes the header declares are
 * checked against the caps and the file's length before anything that size is allocated.
 *
 * Layout (little-endian):
 *
 *   bytes 0-3    magic "GPDS"
 *   bytes 4-7    uint32 format version (1)
 *   bytes 8-11   uint32 header length H, in bytes (at most MAX_HEADER_BYTES)
 *   bytes 12…    header: UTF-8 JSON as JSON.stringify writes it, H bytes, then zero bytes up to a multiple of 4
 *   then         the training images (train.count * size * size * channels bytes, row-major),
 *                the training labels (train.count bytes), the test images, the test labels
 *
 * Header (every key required, no others):
 *
 *   { "kind": "gpu-playground-dataset", "name": text, "createdAt": ISO 8601,
 *     "classNames": [text, …] (2..100, unique, 1..40 characters, no spaces at either end),
 *     "format": { "size": 28, "channels": 1 }, "seed": uint32,
 *     "train": { "count": n }, "test": { "count": m } }
 *
 * The file's length must be exactly what the header declares; every label must name a class, and
 * every class must have an image in each split.
 */
import { msg, MessageError } from '../../i18n/message';
import { checkDeclaredBytes, checkFormat, checkImageCount, checkOwnDataset } from './document';
import { DATASET_KIND, readHeaderRest, readHeaderSizes, type DatasetFileHeader } from './fileHeader';
import { MAX_DATASET_BYTES } from './limits';
import { megabytes, refuse, refusalOf } from './refusal';
import { bytesPerImage, type OwnDataset, type OwnDatasetReading } from './types';

export const DATASET_MAGIC = 'GPDS';
export const DATASET_VERSION = 1;
export const DATASET_FILE_EXTENSION = '.gpds';
/** Far above 100 class names of 40 characters and the rest of the header. */
export const MAX_HEADER_BYTES = 64 * 1024;
const PREAMBLE_BYTES = 12;
const ALIGN = 4;
/** Largest file read at all: the largest images and labels, and 1 MB for the preamble and the largest header. */
export const MAX_DATASET_FILE_BYTES = MAX_DATASET_BYTES + 1024 * 1024;

/** Writes a data set file; throws on a document this module would itself refuse to read. */
export function encodeOwnDataset(dataset: OwnDataset): Uint8Array<ArrayBuffer> {
  try {
    checkOwnDataset(dataset);
  } catch (err) {
    throw new MessageError(refusalOf('file', err));
  }
  const header: DatasetFileHeader = {
    kind: DATASET_KIND,
    name: dataset.name,
    createdAt: dataset.createdAt,
    classNames: dataset.classNames,
    format: { size: dataset.format.size, channels: dataset.format.channels },
    seed: dataset.seed,
    train: { count: dataset.train.count },
    test: { count: dataset.test.count },
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  if (headerBytes.length > MAX_HEADER_BYTES) throw new MessageError(msg('check.dataset.file', { reason: msg('check.file.headerTooLarge', { size: headerBytes.length, max: MAX_HEADER_BYTES }) }));
  const dataStart = PREAMBLE_BYTES + padded(headerBytes.length);
  const out = new Uint8Array(dataStart + dataset.train.images.length + dataset.train.count + dataset.test.images.length + dataset.test.count);
  for (let i = 0; i < DATASET_MAGIC.length; i++) out[i] = DATASET_MAGIC.charCodeAt(i);
  const view = new DataView(out.buffer);
  view.setUint32(4, DATASET_VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, PREAMBLE_BYTES);
  let offset = dataStart;
  for (const part of [dataset.train.images, dataset.train.labels, dataset.test.images, dataset.test.labels]) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Reads a data set file from untrusted bytes: a usable document, or one sentence saying why not. Never throws. */
export function decodeOwnDataset(bytes: Uint8Array | ArrayBuffer): OwnDatasetReading {
  try {
    return { ok: true, dataset: read(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) };
  } catch (err) {
    return { ok: false, error: refusalOf('file', err) };
  }
}

function padded(length: number): number {
  return Math.ceil(length / ALIGN) * ALIGN;
}

function read(bytes: Uint8Array): OwnDataset {
  if (bytes.length > MAX_DATASET_FILE_BYTES) refuse('check.dataset.why.tooLarge', { size: megabytes(bytes.length), max: megabytes(MAX_DATASET_FILE_BYTES) });
  if (bytes.length < PREAMBLE_BYTES) refuse('check.file.short');
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== DATASET_MAGIC) refuse('check.dataset.why.magic');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version > DATASET_VERSION) refuse('check.file.newer', { version, supported: DATASET_VERSION });
  if (version !== DATASET_VERSION) refuse('check.file.unknownFormat', { version });
  const headerLength = view.getUint32(8, true);
  if (headerLength > MAX_HEADER_BYTES) refuse('check.file.headerTooLarge', { size: headerLength, max: MAX_HEADER_BYTES });
  if (PREAMBLE_BYTES + headerLength > bytes.length) refuse('check.file.cutInHeader');
  const raw = parseHeader(bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength));
  const { format, trainCount, testCount, header } = readHeaderSizes(raw);
  checkFormat(format);
  const declared = checkDeclaredBytes(trainCount + testCount, format);
  checkImageCount(trainCount + testCount);
  const dataStart = PREAMBLE_BYTES + padded(headerLength);
  if (bytes.subarray(PREAMBLE_BYTES + headerLength, Math.min(dataStart, bytes.length)).some((b) => b !== 0)) refuse('check.file.padding');
  const present = Math.max(0, bytes.length - dataStart);
  if (present < declared) refuse('check.dataset.why.cutShort', { declared, present });
  if (present > declared) refuse('check.dataset.why.trailing');
  const rest = readHeaderRest(header);
  const perImage = bytesPerImage(format);
  let offset = dataStart;
  const take = (length: number): Uint8Array => bytes.slice(offset, (offset += length));
  const trainImages = take(trainCount * perImage);
  const trainLabels = take(trainCount);
  const testImages = take(testCount * perImage);
  const testLabels = take(testCount);
  return checkOwnDataset({
    ...rest,
    format,
    train: { count: trainCount, images: trainImages, labels: trainLabels },
    test: { count: testCount, images: testImages, labels: testLabels },
  });
}

function parseHeader(headerBytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(headerBytes);
  } catch {
    refuse('check.file.notUtf8');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    refuse('check.file.notJson');
  }
  // The writer is JSON.stringify, so a header that does not read back to the same text was edited by hand or damaged.
  if (JSON.stringify(raw) !== text) refuse('check.file.rewritten');
  return raw;
}
