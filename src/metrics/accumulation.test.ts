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
    expect(() => planAccumulation(100, 200, 1)).toThrow('Batch size 200 is larger than the 100 training examples.');
    expect(() => planAccumulation(100, 32, 4)).toThrow('The effective batch of 128 (batch 32 × 4 micro-batches) is larger than the 100 training examples.');
    expect(() => planAccumulation(100, 0, 1)).toThrow(RangeError);
    expect(() => planAccumulation(100, 10, 1.5)).toThrow(RangeError);
  });
});
