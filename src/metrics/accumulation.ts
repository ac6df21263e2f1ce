/**
 * Gradient accumulation bookkeeping: k micro-batches make one optimizer step, so the charts count
 * optimizer steps and the examples they saw (micro-batch x k), and an epoch holds whole steps only.
 */
import { msg, MessageError } from '../i18n/message';

export interface AccumulationPlan {
  microBatch: number;
  accumulationSteps: number;
  /** Examples behind one optimizer step: micro-batch x k. */
  effectiveBatch: number;
  /** Optimizer steps per epoch; the examples left over (fewer than one effective batch) are skipped. */
  stepsPerEpoch: number;
  /** Micro-batches drawn per epoch: stepsPerEpoch x k. */
  microBatchesPerEpoch: number;
}

/** Throws, with a message for the page, when the examples do not make one whole optimizer step. */
export function planAccumulation(examples: number, microBatch: number, accumulationSteps: number): AccumulationPlan {
  if (!Number.isInteger(microBatch) || microBatch < 1) throw new RangeError(`Batch size ${microBatch} must be a whole number of at least 1.`);
  if (!Number.isInteger(accumulationSteps) || accumulationSteps < 1) {
    throw new RangeError(`Accumulation over ${accumulationSteps} micro-batches must be a whole number of at least 1.`);
  }
  const effectiveBatch = microBatch * accumulationSteps;
  if (effectiveBatch > examples) {
    throw new MessageError(
      accumulationSteps === 1
        ? msg('engine.train.batchTooLarge', { batch: microBatch, examples })
        : msg('engine.train.effectiveBatchTooLarge', { effective: effectiveBatch, batch: microBatch, k: accumulationSteps, examples }),
    );
  }
  const stepsPerEpoch = Math.floor(examples / effectiveBatch);
  return { microBatch, accumulationSteps, effectiveBatch, stepsPerEpoch, microBatchesPerEpoch: stepsPerEpoch * accumulationSteps };
}
