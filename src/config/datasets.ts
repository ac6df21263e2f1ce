/** The data sets the app ships (turned into its own assets by scripts/build-data.ts). */
import { msg, type Message } from '../i18n/message';

export const DATASETS = {
  mnist: { label: 'MNIST digits', trainSize: 60_000, testSize: 10_000 },
  'fashion-mnist': { label: 'Fashion-MNIST', trainSize: 60_000, testSize: 10_000 },
} as const satisfies Record<string, { label: string; trainSize: number; testSize: number }>;

export type DatasetId = keyof typeof DATASETS;
export const DATASET_IDS = Object.keys(DATASETS) as DatasetId[];
export const DATASET_LABELS = Object.fromEntries(DATASET_IDS.map((id) => [id, DATASETS[id].label])) as Record<DatasetId, string>;

/** A data set's label as a message value (its generated id), said in the reader's language. */
export function datasetMessage(id: DatasetId): Message {
  return msg(`dataset.${id}`);
}

/** Training and test set sizes of the shipped data sets, examples. */
export const TRAIN_SET_SIZE = 60_000;
export const TEST_SET_SIZE = 10_000;

/** What each class id (0..9) means in each data set. */
export const CLASS_NAMES: Record<DatasetId, readonly string[]> = {
  mnist: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  'fashion-mnist': ['T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat', 'Sandal', 'Shirt', 'Sneaker', 'Bag', 'Ankle boot'],
};
