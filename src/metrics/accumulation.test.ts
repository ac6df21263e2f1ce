import { describe, expect, it } from 'vitest';
import { planAccumulation } from './accumulation';

describe('planAccumulation', () => {
  it('counts optimizer steps of micro-batch x k examples, whole steps per epoch', () => {
    expect(planAccumulation(1000, 16, 4)).toEqual({ microBatch: 16, accumulationSteps: 4, effectiveBatch: 64, stepsPerEpoch: 15, microBatchesPerEpoch: 60 });
  });

  it('is the plain batching without accumulation', () => {
    expect(planAccumulation(1000, 64, 1)).toMatchObject({ effectiveBatch: 64, stepsPerEpoch: 15, microBatchesPerEpoch: 15 });
  });

  it('refuses an effective batch larger than the examples, in words', () => {
    // Said in English and Chinese: src/i18n/engineMessages.test.ts.
    expect(() => planAccumulation(100, 200, 1)).toThrow(expect.objectContaining({ said: { id: 'engine.train.batchTooLarge', values: { batch: 200, examples: 100 } } }));
    expect(() => planAccumulation(100, 32, 4)).toThrow(
      expect.objectContaining({ said: { id: 'engine.train.effectiveBatchTooLarge', values: { effective: 128, batch: 32, k: 4, examples: 100 } } }),
    );
    expect(() => planAccumulation(100, 0, 1)).toThrow(RangeError);
    expect(() => planAccumulation(100, 10, 1.5)).toThrow(RangeError);
  });
});
