import { backendField, batchSizeField, cnnModelField, datasetField, seedField } from './commonFields';
import { TEST_SET_SIZE, TRAIN_SET_SIZE } from './datasets';
import { table, workloadConfig, type FieldError, type ValuesOf } from './schema';

/** The CNN training view's settings: defaults, limits, labels and help in one table. */
export const CNN_SCHEMA = {
  backend: backendField,
  model: cnnModelField,
  dataset: datasetField,
  batchSize: batchSizeField,
  learningRate: { kind: 'float', label: 'Learning rate', help: "Adam's step size.", default: 0.001, min: 1e-6, max: 1 },
  epochs: { kind: 'int', label: 'Epochs', help: 'Passes over the training examples.', default: 5, min: 1, max: 100 },
  trainExamples: {
    kind: 'int',
    label: 'Training examples',
    help: 'How many of the 60,000 training images to use: fewer finish sooner.',
    default: TRAIN_SET_SIZE,
    min: 100,
    max: TRAIN_SET_SIZE,
  },
  testExamples: {
    kind: 'int',
    label: 'Test examples',
    help: 'Held-out images the accuracy is measured on at each epoch end.',
    default: TEST_SET_SIZE,
    min: 100,
    max: TEST_SET_SIZE,
  },
  seed: seedField,
} as const;

export const CNN_TABLE = table(CNN_SCHEMA);

export type CnnSettings = ValuesOf<typeof CNN_SCHEMA>;
export interface CnnRunConfig extends CnnSettings {
  workload: 'cnn';
}

const cnnConfig = workloadConfig('cnn', CNN_TABLE);
export const defaultCnnConfig: () => CnnRunConfig = cnnConfig.defaults;
/** Reads raw (form, link or command) values into a CNN config; refused fields keep their defaults and are reported. */
export const parseCnnConfig: (raw: Readonly<Record<string, unknown>>) => { config: CnnRunConfig; errors: FieldError[] } = cnnConfig.parse;
