import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_COPIES,
  ADAM_UPDATE_COPIES,
  adamUpdateCopies,
  BudgetWatch,
  budgetRefusal,
  BYTES_PER_MB,
  outOfMemoryMessage,
  predictMemory,
  splitTotal,
  type MemoryPlanInput,
} from './memoryPlan';

const CLASSIC: MemoryPlanInput = {
  params: 93_322,
  activationElementsPerExample: 37_610,
  floatsPerExample: 794,
  batchSize: 64,
  accumulationSteps: 1,
  residentExamples: 70_000,
  batchesInFlight: 2,
  adamUpdateCopies: ADAM_UPDATE_COPIES,
};

describe('predictMemory', () => {
  it('adds weights, two Adam moments, the data and the step peak', () => {
    const plan = predictMemory(CLASSIC);
    const weights = 93_322 * 4;
    expect(plan.weights).toBe(weights);
    expect(plan.optimizer).toBe(2 * weights);
    expect(plan.accumulators).toBe(0);
    expect(plan.data).toBe((70_000 + 128) * 794 * 4);
    expect(plan.stepPeak).toBe(64 * 37_610 * 4 * ACTIVATION_COPIES);
    expect(plan.peakPhase).toBe('activations');
    expect(plan.total).toBe(plan.weights + plan.optimizer + plan.data + plan.stepPeak);
  });

  it('follows the micro-batch, not the effective batch, and adds one set of accumulators', () => {
    const one = predictMemory({ ...CLASSIC, batchSize: 16 });
    const four = predictMemory({ ...CLASSIC, batchSize: 16, accumulationSteps: 4 });
    expect(four.stepPeak).toBe(one.stepPeak);
    expect(four.accumulators).toBe(one.weights);
    expect(four.total - one.total).toBe(one.weights);
  });

  it("takes Adam's update as the peak when the activations are small (a dense net)", () => {
    const plan = predictMemory({ ...CLASSIC, params: 101_770, activationElementsPerExample: 922 });
    expect(plan.peakPhase).toBe('optimizer update');
    expect(plan.stepPeak).toBe(ADAM_UPDATE_COPIES * 101_770 * 4);
  });

  it("counts the app's fused Adam on WebAssembly (4 weight copies at its peak) and TensorFlow.js's elsewhere (15)", () => {
    expect(adamUpdateCopies('wasm')).toBe(4);
    for (const backend of ['cpu', 'webgl', 'webgpu'] as const) expect(adamUpdateCopies(backend)).toBe(ADAM_UPDATE_COPIES);
    const dense = { ...CLASSIC, params: 101_770, activationElementsPerExample: 922 };
    expect(predictMemory({ ...dense, adamUpdateCopies: adamUpdateCopies('wasm') }).stepPeak).toBe(4 * 101_770 * 4);
  });
});

describe('budgetRefusal', () => {
  it('lets any plan through without a budget, and a plan under it', () => {
    const plan = predictMemory(CLASSIC);
    expect(budgetRefusal(plan, 0)).toBeNull();
    expect(budgetRefusal(plan, Math.ceil(plan.total / BYTES_PER_MB))).toBeNull();
  });

  it('names the numbers and the data setting when the data is the largest part', () => {
    const refusal = budgetRefusal(predictMemory(CLASSIC), 100);
    expect(refusal?.lever).toBe('trainExamples');
    // The words, in English and Chinese: src/i18n/engineMessages.test.ts.
    expect(refusal?.message).toMatchObject({ id: 'engine.memory.refused', values: { budget: 100, parts: { values: { data: '212' } }, advice: { id: 'engine.memory.advice.trainExamples' } } });
  });

  it('names the batch size when the activations are the largest part', () => {
    const refusal = budgetRefusal(predictMemory({ ...CLASSIC, batchSize: 1024, residentExamples: 1000 }), 50);
    expect(refusal?.lever).toBe('batchSize');
    expect(refusal?.message).toMatchObject({ values: { parts: { id: 'engine.memory.partsActivations', values: { batch: 1024 } }, advice: { id: 'engine.memory.advice.batchSize' } } });
  });
});

describe('outOfMemoryMessage', () => {
  it('says where and when it failed, the prediction and which setting to lower', () => {
    const message = outOfMemoryMessage('GPUOutOfMemoryError: buffer', 12, 'WebGPU', predictMemory({ ...CLASSIC, batchSize: 1024, residentExamples: 1000 }));
    expect(message).toMatchObject({
      id: 'engine.memory.outOfMemoryPredicted',
      values: { device: 'WebGPU', step: 12, cause: 'GPUOutOfMemoryError: buffer', advice: { id: 'engine.memory.advice.batchSize' } },
    });
    expect(outOfMemoryMessage('OOM', 0, 'WebGL', null)).toEqual({
      id: 'engine.memory.outOfMemory',
      values: { device: 'WebGL', step: 0, cause: 'OOM', advice: { id: 'engine.memory.advice.batchSize' } },
    });
  });
});

describe('BudgetWatch', () => {
  it('speaks once per upward crossing, and never without a budget', () => {
    const watch = new BudgetWatch(1);
    expect(watch.observe(0.5 * BYTES_PER_MB, 1)).toBeNull();
    expect(watch.observe(2 * BYTES_PER_MB, 2)).toEqual({ id: 'engine.memory.paused', values: { step: 2, reached: '2.0', budget: 1 } });
    expect(watch.observe(3 * BYTES_PER_MB, 3)).toBeNull();
    expect(watch.observe(0.5 * BYTES_PER_MB, 4)).toBeNull();
    expect(watch.observe(2 * BYTES_PER_MB, 5)).toMatchObject({ values: { step: 5 } });
    expect(new BudgetWatch(0).observe(1e12, 1)).toBeNull();
  });
});

it('splitTotal adds every part', () => {
  expect(splitTotal({ weights: 1, optimizer: 2, data: 4, other: 5 })).toBe(12);
});
