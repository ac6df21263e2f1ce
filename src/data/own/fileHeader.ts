/**
 * The JSON header of a data set file: what it must hold, read from untrusted text into plain values.
 * Objects must have exactly their keys (so "__proto__" or any extra key is refused); numbers are whole.
 */
import { quoted } from '../../config/schema';
import { msg, type Message } from '../../i18n/message';
import { checkClassNames, checkDatasetName } from './names';
import { checkDate, checkSeed } from './document';
import { refuse } from './refusal';
import type { OwnImageFormat } from './types';

export const DATASET_KIND = 'gpu-playground-dataset';
const HEADER_KEYS = ['kind', 'name', 'createdAt', 'classNames', 'format', 'seed', 'train', 'test'] as const;

export interface DatasetFileHeader {
  readonly kind: typeof DATASET_KIND;
  readonly name: string;
  readonly createdAt: string;
  readonly classNames: readonly string[];
  readonly format: OwnImageFormat;
  readonly seed: number;
  readonly train: { readonly count: number };
  readonly test: { readonly count: number };
}

/** The sizes first (so they are checked before anything else is read), then the rest. */
export function readHeaderSizes(raw: unknown): { format: OwnImageFormat; trainCount: number; testCount: number; header: Record<string, unknown> } {
  const header = record(raw, msg('check.file.part.header'), HEADER_KEYS);
  if (header.kind !== DATASET_KIND) refuse('check.dataset.why.notDataset');
  const format = record(header.format, msg('check.dataset.part.format'), ['size', 'channels']);
  const size = wholeNumber(format.size, msg('check.dataset.part.formatSize'));
  const channels = wholeNumber(format.channels, msg('check.dataset.part.formatChannels'));
  const trainCount = wholeNumber(record(header.train, msg('check.dataset.part.train'), ['count']).count, msg('check.dataset.part.trainCount'));
  const testCount = wholeNumber(record(header.test, msg('check.dataset.part.test'), ['count']).count, msg('check.dataset.part.testCount'));
  return { format: { size, channels }, trainCount, testCount, header };
}

export function readHeaderRest(header: Record<string, unknown>): { name: string; createdAt: string; classNames: readonly string[]; seed: number } {
  return { name: checkDatasetName(header.name), createdAt: checkDate(header.createdAt), classNames: checkClassNames(header.classNames), seed: checkSeed(header.seed) };
}

/** An object with exactly `keys`: none missing, none other. */
function record(value: unknown, what: Message, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('check.file.notObject', { what });
  const present = Object.keys(value);
  const missing = keys.find((k) => !present.includes(k));
  if (missing !== undefined) refuse('check.file.lacks', { what, key: missing });
  const extra = present.find((k) => !keys.includes(k));
  if (extra !== undefined) refuse('check.file.unknownKey', { what, key: quoted(extra) });
  return value as Record<string, unknown>;
}

/** Whole numbers up to 2^32 - 1: every count and size of the file. */
function wholeNumber(value: unknown, what: Message): number {
  const max = 0xffffffff;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) refuse('check.file.notWhole', { what, max });
  return value;
}
