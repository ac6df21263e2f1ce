/**
 * Memory arithmetic of a training run, pure numbers: where the bytes of a run go (the split the
 * memory chart draws), what a configuration is predicted to need before anything is uploaded, and
 * whether that fits a memory budget. The engine measures the real split; this module only adds up.
 */
import type { BackendName } from '../config/backends';
import { msg, type Message, type MessageValue } from '../i18n/message';

export const BYTES_PER_FLOAT32 = 4;
/** The budget's unit, as every memory figure of the app prints it (formatBytes: 1 MB = 2^20 bytes). */
export const BYTES_PER_MB = 1024 * 1024;

/**
 * Copies of each layer's output a training step holds at its peak, per example: the output kept
 * for the backward pass, its gradient, and the backward kernels' intermediates (ReLU mask, pooling
 * positions, the input gradient of the layer below). Measured with tf.profile on the cpu backend:
 * 6.1-6.2 for the tiny, classic and large CNNs at batch 64 (src/models/memory.test.ts checks it).
 */
export const ACTIVATION_COPIES = 6;
/**
 * Weight-sized tensors Adam's update holds at once: the gradients, plus the 14 temporaries per
 * variable TensorFlow.js's AdamOptimizer.applyGradients builds inside one tidy (new moments, bias
 * corrections, the update), none freed before the tidy ends. Measured: 15.0 for the MLP.
 */
export const ADAM_UPDATE_COPIES = 15;
/**
 * The same on WebAssembly, where the app's fused Adam (src/engine/backends/simd/fusedAdam.ts) updates one
 * variable at a time: the gradients, and at most one variable's new value and two moments beside the
 * old ones. Measured: 4.0 for the MLP. (A browser without WebAssembly SIMD runs TensorFlow.js's Adam
 * there: this then under-predicts, and an out-of-memory still stops the run with its message.)
 */
export const FUSED_ADAM_UPDATE_COPIES = 4;

export function adamUpdateCopies(backend: BackendName): number {
  return backend === 'wasm' ? FUSED_ADAM_UPDATE_COPIES : ADAM_UPDATE_COPIES;
}
/** Adam keeps two moments per weight. */
export const ADAM_MOMENTS = 2;

/** Where a run's live bytes are, measured on the device between two steps. */
export interface MemorySplit {
  /** The model's variables. */
  weights: number;
  /** Adam's two moments (and its bias-correction scalars). */
  optimizer: number;
  /** Training and test examples resident on the device, and the batch prefetched for the next step. */
  data: number;
  /** Everything else live between two steps: results still in flight (the step's own peak is profiled apart). */
  other: number;
}

export function splitTotal(split: MemorySplit): number {
  return split.weights + split.optimizer + split.data + split.other;
}

/** What a configuration needs, in bytes, predicted from its layer shapes before it starts. */
export interface MemoryPlan {
  weights: number;
  optimizer: number;
  /** The summed gradients while accumulating over micro-batches (alive during the step only); 0 without accumulation. */
  accumulators: number;
  /** Resident examples plus the batches in flight. */
  data: number;
  /** The step's peak on top of the resident bytes: activations and their gradients, or Adam's update. */
  stepPeak: number;
  /** Which phase of the step sets its peak. */
  peakPhase: 'activations' | 'optimizer update';
  total: number;
  /** The micro-batch the activations are for. */
  batchSize: number;
}

export interface MemoryPlanInput {
  params: number;
  /** Sum of every layer's output elements for one example (from the layer shapes). */
  activationElementsPerExample: number;
  /** Floats one example takes as data (image pixels + one-hot label). */
  floatsPerExample: number;
  /** The micro-batch. */
  batchSize: number;
  accumulationSteps: number;
  /** Examples kept on the device: the test split always, the training split unless batches are uploaded from JS. */
  residentExamples: number;
  /** Batches alive at once in the input pipeline: the step's own, plus one prefetched. */
  batchesInFlight: number;
  /** Weight-sized tensors Adam's update holds at its peak on this backend (adamUpdateCopies). */
  adamUpdateCopies: number;
}

/**
 * The prediction: weights, Adam's two moments (weights x 3; the gradients, a fourth copy, live in
 * the step), accumulators when accumulating, the data, and the step's peak: the larger of the
 * activations (batch x per-example layer outputs x ACTIVATION_COPIES) and Adam's update.
 */
export function predictMemory(input: MemoryPlanInput): MemoryPlan {
  const weights = input.params * BYTES_PER_FLOAT32;
  const optimizer = ADAM_MOMENTS * weights;
  const accumulators = input.accumulationSteps > 1 ? weights : 0;
  const data = (input.residentExamples + input.batchesInFlight * input.batchSize) * input.floatsPerExample * BYTES_PER_FLOAT32;
  const activations = input.batchSize * input.activationElementsPerExample * BYTES_PER_FLOAT32 * ACTIVATION_COPIES;
  const update = input.adamUpdateCopies * weights;
  const stepPeak = Math.max(activations, update);
  return {
    weights,
    optimizer,
    accumulators,
    data,
    stepPeak,
    peakPhase: activations >= update ? 'activations' : 'optimizer update',
    total: weights + optimizer + accumulators + data + stepPeak,
    batchSize: input.batchSize,
  };
}

export function megabytes(bytes: number): string {
  const mb = bytes / BYTES_PER_MB;
  return mb >= 10 ? mb.toFixed(0) : mb.toFixed(1);
}

/** The setting to lower when a plan does not fit, by its largest part. */
export type BudgetLever = 'batchSize' | 'trainExamples' | 'model';

export interface BudgetRefusal {
  lever: BudgetLever;
  message: Message;
}

const LEVER_ADVICE: Record<BudgetLever, Message> = {
  batchSize: msg('engine.memory.advice.batchSize'),
  trainExamples: msg('engine.memory.advice.trainExamples'),
  model: msg('engine.memory.advice.model'),
};

/** The setting whose part of the plan is largest: the one to lower first. */
export function biggestLever(plan: MemoryPlan): BudgetLever {
  const parts: [BudgetLever, number][] = [
    ['batchSize', plan.peakPhase === 'activations' ? plan.stepPeak : 0],
    ['trainExamples', plan.data],
    ['model', plan.weights + plan.optimizer + plan.accumulators + (plan.peakPhase === 'optimizer update' ? plan.stepPeak : 0)],
  ];
  return parts.reduce((best, part) => (part[1] > best[1] ? part : best))[0];
}

function planParts(plan: MemoryPlan): Message {
  return msg(plan.peakPhase === 'activations' ? 'engine.memory.partsActivations' : 'engine.memory.partsUpdate', {
    weights: megabytes(plan.weights),
    adam: megabytes(plan.optimizer + plan.accumulators),
    data: megabytes(plan.data),
    peak: megabytes(plan.stepPeak),
    batch: plan.batchSize,
  });
}

/** Null when the plan fits the budget (0 = no budget); else which setting to lower and the numbers. */
export function budgetRefusal(plan: MemoryPlan, budgetMb: number): BudgetRefusal | null {
  if (budgetMb <= 0 || plan.total <= budgetMb * BYTES_PER_MB) return null;
  const lever = biggestLever(plan);
  const message = msg('engine.memory.refused', { need: megabytes(plan.total), budget: budgetMb, parts: planParts(plan), advice: LEVER_ADVICE[lever] });
  return { lever, message };
}

/** The message of a run the device ran out of memory for: what failed, the prediction, and which setting to lower. */
export function outOfMemoryMessage(cause: MessageValue, step: number, device: MessageValue, plan: MemoryPlan | null): Message {
  if (!plan) return msg('engine.memory.outOfMemory', { device, step, cause, advice: LEVER_ADVICE.batchSize });
  return msg('engine.memory.outOfMemoryPredicted', { device, step, cause, need: megabytes(plan.total), parts: planParts(plan), advice: LEVER_ADVICE[biggestLever(plan)] });
}

/** Announces each time live memory crosses the budget upwards; falling back under it re-arms the alarm. */
export class BudgetWatch {
  private over = false;

  constructor(private readonly budgetMb: number) {}

  /** The pause message when this reading crosses the budget, else null. */
  observe(bytes: number, step: number): Message | null {
    if (this.budgetMb <= 0) return null;
    const overNow = bytes > this.budgetMb * BYTES_PER_MB;
    const crossed = overNow && !this.over;
    this.over = overNow;
    if (!crossed) return null;
    return msg('engine.memory.paused', { step, reached: megabytes(bytes), budget: this.budgetMb });
  }
}
