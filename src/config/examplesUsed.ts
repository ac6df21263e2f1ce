/**
 * How many images a CNN run trains and tests on: its Training examples and Test examples settings,
 * cut to what its data set holds (a shipped set's sizes from DATASETS, an own set's from its summary).
 */
import { DATASETS, isShippedDataset } from './datasets';

export interface ExampleSettings {
  readonly dataset: string;
  readonly trainExamples: number;
  readonly testExamples: number;
}

/** An own data set's sizes, as its summary or a shared result gives them. */
export interface OwnSetSize {
  readonly trainCount: number;
  readonly testCount: number;
}

export interface ExamplesUsed {
  readonly train: number;
  readonly test: number;
}

/** The images a run uses; the settings as they are for an own set whose size is not known here. */
export function examplesUsed(settings: ExampleSettings, own: OwnSetSize | null | undefined): ExamplesUsed {
  const { dataset, trainExamples, testExamples } = settings;
  const size = isShippedDataset(dataset) ? { train: DATASETS[dataset].trainSize, test: DATASETS[dataset].testSize } : own ? { train: own.trainCount, test: own.testCount } : null;
  if (!size) return { train: trainExamples, test: testExamples };
  return { train: Math.min(trainExamples, size.train), test: Math.min(testExamples, size.test) };
}

/** Optimizer steps in one epoch: whole effective batches of the images used (at least 1), as the worker's accumulation plan counts them. */
export function stepsPerEpochOf(settings: ExampleSettings & { readonly batchSize: number; readonly accumulationSteps: number }, own: OwnSetSize | null | undefined): number {
  return Math.max(1, Math.floor(examplesUsed(settings, own).train / (settings.batchSize * settings.accumulationSteps)));
}
