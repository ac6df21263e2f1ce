import { describe, expect, it } from 'vitest';
import { examplesUsed, stepsPerEpochOf } from './examplesUsed';

const SHAPES = { trainCount: 96, testCount: 24 };
const OWN = 'own:0123456789abcdef';

describe('the images a run uses', () => {
  it('are its settings on a shipped set, cut to its 60,000 and 10,000', () => {
    expect(examplesUsed({ dataset: 'mnist', trainExamples: 30_000, testExamples: 2_000 }, null)).toEqual({ train: 30_000, test: 2_000 });
    expect(examplesUsed({ dataset: 'fashion-mnist', trainExamples: 90_000, testExamples: 20_000 }, SHAPES)).toEqual({ train: 60_000, test: 10_000 });
  });

  it('are cut to an own set’s size, not the shipped 60,000 / 10,000', () => {
    expect(examplesUsed({ dataset: OWN, trainExamples: 30_000, testExamples: 2_000 }, SHAPES)).toEqual({ train: 96, test: 24 });
    expect(examplesUsed({ dataset: OWN, trainExamples: 50, testExamples: 10 }, SHAPES)).toEqual({ train: 50, test: 10 });
  });

  it('are the settings as they are for an own set this page does not know', () => {
    expect(examplesUsed({ dataset: OWN, trainExamples: 30_000, testExamples: 2_000 }, null)).toEqual({ train: 30_000, test: 2_000 });
  });

  it('make whole effective batches an epoch, as the worker counts them', () => {
    const run = { dataset: OWN, trainExamples: 30_000, testExamples: 2_000, batchSize: 32, accumulationSteps: 1 };
    expect(stepsPerEpochOf(run, SHAPES)).toBe(3);
    expect(stepsPerEpochOf({ ...run, accumulationSteps: 2 }, SHAPES)).toBe(1);
    expect(stepsPerEpochOf({ ...run, batchSize: 256 }, SHAPES)).toBe(1);
    expect(stepsPerEpochOf({ ...run, dataset: 'mnist' }, null)).toBe(937);
  });
});
