/**
 * What a shared result or a class board says of a data set of your own it was made on: its name,
 * classes, sizes and full content hash (its images travel only in its .gpds file). Built from the
 * page's summary of the set, read back from untrusted input with every field checked.
 */
import { IMPORT_FORMAT_IDS, importFormatIdOf, isOwnDatasetId, ownDatasetId, type ImportFormatId, type OwnDatasetSummary } from '../config/datasets';
import { isUsableOwnText, MAX_CLASS_NAME_CHARS, MAX_CLASSES, MAX_DATASET_NAME_CHARS, MAX_IMAGES, MIN_CLASSES } from '../config/ownDatasetLimits';
import { msg, type Message } from '../i18n/message';
import { quoted, type ErrorList } from './messages';
import { isFiniteInRange, objectEntries, reportUnknownKeys } from './untrusted';

/** Class names travel only for sets of at most this many classes (a drawn set has at most 10); larger ones give their count. */
export const MAX_SHARED_CLASS_NAMES = 10;
/** A SHA-256 content hash as the data set's file keeps it. */
const HASH = /^[0-9a-f]{64}$/;
const KEYS = ['name', 'classes', 'classNames', 'format', 'trainCount', 'testCount', 'hash'] as const;

export interface SharedOwnDataset {
  name: string;
  classes: number;
  /** Present when the set has at most MAX_SHARED_CLASS_NAMES classes. */
  classNames?: string[];
  /** Its images' format; absent from links made before it travelled. */
  format?: ImportFormatId;
  trainCount: number;
  testCount: number;
  /** The full SHA-256 content hash, 64 hex digits; the data set id is `own:` and its first 16. */
  hash: string;
}

/** What a result or board says of an own set, from the page's summary of it. */
export function sharedOwnDatasetOf(summary: OwnDatasetSummary): SharedOwnDataset {
  const { name, classNames, trainCount, testCount, hash } = summary;
  const format = importFormatIdOf(summary.format);
  const facts: SharedOwnDataset = { name, classes: classNames.length, ...(format ? { format } : {}), trainCount, testCount, hash };
  return classNames.length <= MAX_SHARED_CLASS_NAMES ? { ...facts, classNames: [...classNames] } : facts;
}

/** Whether these facts are of the data set with this id (its id is the hash's first 16 digits). */
export function isOwnDatasetOf(facts: Pick<SharedOwnDataset, 'hash'>, dataset: string): boolean {
  return isOwnDatasetId(dataset) && ownDatasetId(facts.hash) === dataset;
}

function whole(raw: unknown, min: number, max: number): raw is number {
  return isFiniteInRange(raw, min, max) && Number.isInteger(raw);
}

/** Class names when they are exactly `classes` usable, distinct names; null (with a message) otherwise. */
function readClassNames(raw: unknown, classes: number, what: Message, errors: ErrorList): string[] | null {
  const max = Math.min(classes, MAX_SHARED_CLASS_NAMES);
  const ok = Array.isArray(raw) && raw.length === classes && classes <= MAX_SHARED_CLASS_NAMES && raw.every((n) => isUsableOwnText(n, MAX_CLASS_NAME_CHARS)) && new Set(raw).size === raw.length;
  if (ok) return [...(raw as string[])];
  errors.say('check.own.classNames', { what, count: max, max: MAX_CLASS_NAME_CHARS, got: quoted(raw) });
  return null;
}

/**
 * Reads the own data set facts of a document whose run used `dataset`: undefined when there are none
 * (an older link, or a shipped set), or when they are refused (each bad field said once; the rest of
 * the document still reads). Class names or the format alone may be dropped while the rest is kept.
 */
export function readSharedOwnDataset(raw: unknown, dataset: string, what: Message, errors: ErrorList): SharedOwnDataset | undefined {
  if (raw === undefined) return undefined;
  const entries = objectEntries(raw, what, errors);
  if (entries === null) return undefined;
  reportUnknownKeys(entries, KEYS, what, errors);
  const before = errors.count;
  const name = entries.get('name');
  const classes = entries.get('classes');
  const trainCount = entries.get('trainCount');
  const testCount = entries.get('testCount');
  const hash = entries.get('hash');
  if (!isUsableOwnText(name, MAX_DATASET_NAME_CHARS)) errors.say('check.own.name', { what, max: MAX_DATASET_NAME_CHARS, got: quoted(name) });
  if (!whole(classes, MIN_CLASSES, MAX_CLASSES)) errors.say('check.own.count', { what, key: 'classes', min: MIN_CLASSES, max: MAX_CLASSES, got: quoted(classes) });
  if (!whole(trainCount, 1, MAX_IMAGES)) errors.say('check.own.count', { what, key: 'trainCount', min: 1, max: String(MAX_IMAGES), got: quoted(trainCount) });
  if (!whole(testCount, 0, MAX_IMAGES)) errors.say('check.own.count', { what, key: 'testCount', min: 0, max: String(MAX_IMAGES), got: quoted(testCount) });
  else if (whole(trainCount, 1, MAX_IMAGES) && trainCount + testCount > MAX_IMAGES) errors.say('check.own.images', { what, count: String(trainCount + testCount), max: String(MAX_IMAGES) });
  if (typeof hash !== 'string' || !HASH.test(hash)) errors.say('check.own.hash', { what, got: quoted(hash) });
  else if (!isOwnDatasetId(dataset)) errors.say('check.own.notOwn', { what, dataset: quoted(dataset) });
  else if (!isOwnDatasetOf({ hash }, dataset)) errors.say('check.own.otherSet', { what, dataset });
  if (errors.count > before) return undefined;
  const facts: SharedOwnDataset = { name: name as string, classes: classes as number, trainCount: trainCount as number, testCount: testCount as number, hash: hash as string };
  const rawNames = entries.get('classNames');
  const classNames = rawNames === undefined ? null : readClassNames(rawNames, facts.classes, what, errors);
  const format = readFormat(entries.get('format'), what, errors);
  return { ...facts, ...(classNames ? { classNames } : {}), ...(format ? { format } : {}) };
}

/** A format id of IMPORT_FORMAT_IDS; null when absent, or (with a message) when it is another value. */
function readFormat(raw: unknown, what: Message, errors: ErrorList): ImportFormatId | null {
  if (raw === undefined) return null;
  if (IMPORT_FORMAT_IDS.some((id) => id === raw)) return raw as ImportFormatId;
  errors.say('check.own.format', { what, formats: IMPORT_FORMAT_IDS.join(', '), got: quoted(raw) });
  return null;
}

/** The set by its name, format and size, e.g. "Shapes (your own: 32 × 32 colour, 3 classes, 96 + 24 images)". */
export function ownDatasetMessage(facts: SharedOwnDataset): Message {
  const size = { name: facts.name, classes: facts.classes, train: facts.trainCount, test: facts.testCount };
  if (!facts.format) return msg('share.summary.ownDataset', size);
  return msg('share.summary.ownDatasetFormat', { ...size, format: msg(`ownData.format.${facts.format}`) });
}

/** Whether this browser holds the set a document names: by id, and by its full hash where the document gives one. */
export function holdsOwnDataset(dataset: string, facts: SharedOwnDataset | undefined, held: readonly Pick<OwnDatasetSummary, 'id' | 'hash'>[]): boolean {
  return held.some((d) => d.id === dataset && (facts === undefined || d.hash === facts.hash));
}
