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
    expect(refusal?.message).toMatch(/^Refused before upload: this run is predicted to need \d+ MB, over the 100 MB memory budget/);
    expect(refusal?.message).toContain('data 212 MB');
    expect(refusal?.message).toContain('lower the training examples');
  });

  it('names the batch size when the activations are the largest part', () => {
    const refusal = budgetRefusal(predictMemory({ ...CLASSIC, batchSize: 1024, residentExamples: 1000 }), 50);
    expect(refusal?.lever).toBe('batchSize');
    expect(refusal?.message).toContain('from the activations at batch 1024');
    expect(refusal?.message).toContain('lower the batch size');
  });
});

describe('outOfMemoryMessage', () => {
  it('says where and when it failed, the prediction and which setting to lower', () => {
    const message = outOfMemoryMessage('GPUOutOfMemoryError: buffer', 12, 'WebGPU', predictMemory({ ...CLASSIC, batchSize: 1024, residentExamples: 1000 }));
    expect(message).toMatch(/^Out of memory on WebGPU at step 12: the run stopped \(GPUOutOfMemoryError: buffer\)\. This run was predicted to need \d+ MB \(/);
    expect(message).toContain('lower the batch size');
    expect(outOfMemoryMessage('OOM', 0, 'WebGL', null)).toBe(
      'Out of memory on WebGL at step 0: the run stopped (OOM). To fit, lower the batch size (accumulate gradients over more micro-batches to keep the effective batch).',
    );
  });
});

describe('BudgetWatch', () => {
  it('speaks once per upward crossing, and never without a budget', () => {
    const watch = new BudgetWatch(1);
    expect(watch.observe(0.5 * BYTES_PER_MB, 1)).toBeNull();
    expect(watch.observe(2 * BYTES_PER_MB, 2)).toBe('Paused at step 2: memory reached 2.0 MB, over the 1 MB budget. Resume to go on anyway, or stop and lower the batch size.');
    expect(watch.observe(3 * BYTES_PER_MB, 3)).toBeNull();
    expect(watch.observe(0.5 * BYTES_PER_MB, 4)).toBeNull();
    expect(watch.observe(2 * BYTES_PER_MB, 5)).toMatch(/^Paused at step 5/);
    expect(new BudgetWatch(0).observe(1e12, 1)).toBeNull();
  });
});

it('splitTotal adds every part', () => {
  expect(splitTotal({ weights: 1, optimizer: 2, data: 4, other: 5 })).toBe(12);
});
