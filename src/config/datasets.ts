/** The data sets the app ships (turned into its own assets by scripts/build-data.ts), and the ids of your own (issue 23). */
import { msg, type Message } from '../i18n/message';

export const DATASETS = {
  mnist: { label: 'MNIST digits', trainSize: 60_000, testSize: 10_000 },
  'fashion-mnist': { label: 'Fashion-MNIST', trainSize: 60_000, testSize: 10_000 },
} as const satisfies Record<string, { label: string; trainSize: number; testSize: number }>;

/** A data set the app ships. */
export type ShippedDatasetId = keyof typeof DATASETS;
/** A data set of your own, kept in this browser: `own:` and the first 16 hex digits of its content hash. */
export type OwnDatasetId = `own:${string}`;
export type DatasetId = ShippedDatasetId | OwnDatasetId;
export const DATASET_IDS = Object.keys(DATASETS) as ShippedDatasetId[];
export const DATASET_LABELS = Object.fromEntries(DATASET_IDS.map((id) => [id, DATASETS[id].label])) as Record<ShippedDatasetId, string>;

/** Exactly an own data set's id; the settings table accepts it beside the shipped ids. */
export const OWN_DATASET_ID = /^own:[0-9a-f]{16}$/;
const OWN_HASH_DIGITS = 16;

export function isShippedDataset(id: string): id is ShippedDatasetId {
  return Object.hasOwn(DATASETS, id);
}

export function isOwnDatasetId(id: string): id is OwnDatasetId {
  return OWN_DATASET_ID.test(id);
}

/** The id of an own data set with this SHA-256 content hash (64 hex digits). */
export function ownDatasetId(hash: string): OwnDatasetId {
  const id = `own:${hash.slice(0, OWN_HASH_DIGITS)}`;
  if (!isOwnDatasetId(id)) throw new RangeError(`A data set hash is 64 hex digits, not ${JSON.stringify(hash.slice(0, 80))}.`);
  return id as OwnDatasetId;
}

/** A data set's label as a message value: a shipped one's generated id; an own one by its id (its name lives in this browser only). */
export function datasetMessage(id: DatasetId): Message {
  return isShippedDataset(id) ? msg(`dataset.${id}`) : msg('ownData.datasetById', { id });
}

/** Training and test set sizes of the shipped data sets, examples (an own set's come with it). */
export const TRAIN_SET_SIZE = 60_000;
export const TEST_SET_SIZE = 10_000;

/** What each class id (0..9) means in each shipped data set (an own set carries its class names). */
export const CLASS_NAMES: Record<ShippedDatasetId, readonly string[]> = {
  mnist: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  'fashion-mnist': ['T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt', 'Sneaker', 'Bag', 'Ankle boot'],
};

/** The image formats the folder / zip import offers: 28 x 28 grayscale (the default) or 32 x 32 colour. */
export const IMPORT_FORMAT_IDS = ['gray28', 'colour32'] as const;
export type ImportFormatId = (typeof IMPORT_FORMAT_IDS)[number];

/** Each format's images: square, `size` pixels a side, `channels` bytes a pixel (1 grayscale, 3 RGB). */
export const IMPORT_FORMATS: Readonly<Record<ImportFormatId, { readonly size: number; readonly channels: number }>> = {
  gray28: { size: 28, channels: 1 },
  colour32: { size: 32, channels: 3 },
};

/** The id of a format of IMPORT_FORMATS, or null for any other shape. */
export function importFormatIdOf(format: { readonly size: number; readonly channels: number }): ImportFormatId | null {
  return IMPORT_FORMAT_IDS.find((id) => IMPORT_FORMATS[id].size === format.size && IMPORT_FORMATS[id].channels === format.channels) ?? null;
}

/** What the page lists of an own data set without reading its images. */
export interface OwnDatasetSummary {
  readonly id: OwnDatasetId;
  /** The full SHA-256 content hash, 64 hex digits. */
  readonly hash: string;
  readonly name: string;
  readonly classNames: readonly string[];
  readonly format: { readonly size: number; readonly channels: number };
  readonly trainCount: number;
  readonly testCount: number;
  /** ISO 8601. */
  readonly createdAt: string;
  /** Size of its data set file (.gpds), bytes. */
  readonly fileBytes: number;
}
