/**
 * A CNN workload's steps on the app's WebGPU engine. The plan is compiled on the first step, from the
 * TensorFlow.js model and Adam as they are then (a fresh run's initial weights, or a checkpoint
 * restored into them), so it starts from exactly what a TensorFlow.js run would. Between steps the
 * weights live in the plan; the model is brought up to date only when something reads it (settle):
 * evaluation, look-inside, histograms, the kept model.
 */
import type { CnnRunConfig } from '../../config/cnnConfig';
import type { ImageDataset } from '../../data/types';
import type { MemorySplit } from '../../metrics/memoryPlan';
import { readAdamState } from '../checkpoints/adamState';
import { readModelWeights, writeModelWeights } from '../checkpoints/modelWeights';
import { tfDeviceMemory } from '../deviceMemory';
import { ClassifierPlan, type PlanCounts } from '../gpu/classifierPlan';
import { kernelChooser, type EngineTarget } from '../gpu/tuning/engineKernels';
import { tuningMessage } from '../gpu/tuning/tuner';
import { msg } from '../../i18n/message';
import type * as tf from '@tensorflow/tfjs';
import type { AccumulationPlan } from '../../metrics/accumulation';
import type { NetworkState } from '../checkpoints/networkState';
import type { DeviceMemory, PrepareListener, WindowAhead } from './types';

/** What the engine reads of its CNN workload: the model and Adam it starts from, and where the data stream stands. */
export interface EngineSource {
  readonly model: tf.Sequential;
  readonly tfOptimizer: tf.Optimizer;
  readonly variables: tf.Variable[];
  readonly tfStreamPosition: number;
  readonly accumulation: AccumulationPlan;
}

/** Adam's settings as tf.AdamOptimizer holds them (its own fields, read so the engine's Adam is the same one). */
interface AdamSettingsOf {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
}

export class EngineClassifier {
  private plan: ClassifierPlan | null = null;
  private making: Promise<ClassifierPlan> | null = null;
  /** The model's weights are older than the plan's. */
  private stale = false;
  /** A window recorded ahead of the last read, which the next runSteps reads. */
  private ahead: WindowAhead | null = null;

  constructor(
    private readonly target: EngineTarget,
    private readonly workload: EngineSource,
    private readonly config: CnnRunConfig,
    private readonly data: ImageDataset,
  ) {}

  /** Whether the plan exists (its first step was asked for). */
  get started(): boolean {
    return this.making !== null;
  }

  /** Compiles the plan now (choosing its kernels, with progress), and says how they were chosen. */
  async prepare(listener: PrepareListener): Promise<void> {
    const plan = await this.ready(listener);
    listener.note(tuningMessage(plan.tuning));
  }

  /** How each product's kernel was chosen, once the plan exists. */
  get tuning(): ClassifierPlan['tuning'] | null {
    return this.plan?.tuning ?? null;
  }

  /** Records `count` steps (unless they were recorded ahead), then `next`'s when given, and reads the first window. */
  async runSteps(count: number, next?: WindowAhead): Promise<Record<string, number>> {
    const plan = await this.ready();
    plan.throwUncaught();
    const recorded = this.ahead;
    this.ahead = null;
    if (recorded && recorded.steps !== count) throw new Error(`A window of ${recorded.steps} steps was recorded ahead; ${count} were asked for.`);
    if (!recorded) this.record(plan, count);
    if (next) {
      this.record(plan, next.steps);
      this.ahead = next;
    }
    return plan.readWindow(count);
  }

  /** The GPU's idle time before each window since the first, ms; null where the device has no timestamps (or before the plan). */
  windowGaps(): number[] | null {
    return this.plan?.windowGaps() ?? null;
  }

  private record(plan: ClassifierPlan, count: number): void {
    for (let i = 0; i < count; i++) plan.step(i === count - 1);
    this.stale = true;
  }

  async settle(): Promise<void> {
    if (!this.plan || !this.stale) return;
    const { weights } = await this.plan.readState();
    writeModelWeights(this.workload.model, weights);
    this.stale = false;
  }

  async captureState(): Promise<NetworkState & { streamPosition: number }> {
    const plan = await this.ready();
    const { weights, adam } = await plan.readState();
    return { weights, adam, streamPosition: plan.streamPosition };
  }

  /** TensorFlow.js's own figures plus every buffer of the plan. */
  deviceMemory(): DeviceMemory {
    const own = tfDeviceMemory();
    const plan = this.plan?.totalBytes ?? 0;
    return { bytes: own.bytes + plan, gpuBytes: (own.gpuBytes ?? 0) + plan, numTensors: own.numTensors };
  }

  /** Every buffer is made with the plan: a step's peak is all of them, the resident part its weights, Adam and data. */
  knownStepPeak(): { liveBytes: number; peakBytes: number } | null {
    if (!this.plan) return null;
    const own = tfDeviceMemory().bytes;
    const kinds = this.plan.bytesByKind();
    return { liveBytes: own + kinds.weights + kinds.optimizer + kinds.data, peakBytes: own + this.plan.totalBytes };
  }

  /** The plan's buffers by kind; TensorFlow.js's held-out split is data too, and the rest of what it holds is other. */
  memorySplit(testBytes: number): MemorySplit {
    const kinds = this.plan?.bytesByKind();
    const own = tfDeviceMemory().bytes;
    if (!kinds) return { weights: 0, optimizer: 0, data: testBytes, other: own - testBytes };
    const working = kinds.activations + kinds.gradients + kinds.scratch + kinds.readback;
    return { weights: kinds.weights, optimizer: kinds.optimizer, data: kinds.data + testBytes, other: working + own - testBytes };
  }

  takeDataWaitMs(): number {
    return this.plan?.takeDataWaitMs() ?? 0;
  }

  counts(): PlanCounts | null {
    return this.plan?.counts() ?? null;
  }

  dispose(): void {
    this.plan?.destroy();
    this.plan = null;
  }

  private ready(listener?: PrepareListener): Promise<ClassifierPlan> {
    this.making ??= this.make(listener);
    return this.making;
  }

  private async make(listener?: PrepareListener): Promise<ClassifierPlan> {
    const { workload, config, data } = this;
    const adam = workload.tfOptimizer as unknown as AdamSettingsOf;
    const progress = (done: number, total: number) => listener?.progress(done / total, msg('engine.gpu.tuning.progress', { done, total }));
    const plan = await ClassifierPlan.create(this.target.device, workload.model, data.train, {
      batchSize: config.batchSize,
      accumulation: workload.accumulation.accumulationSteps,
      microBatchesPerEpoch: workload.accumulation.microBatchesPerEpoch,
      seed: config.seed,
      learningRate: adam.learningRate,
      beta1: adam.beta1,
      beta2: adam.beta2,
      epsilon: adam.epsilon,
      classes: data.classCount,
      shape: data.shape,
      placement: config.dataPlacement,
      prefetch: config.prefetch === 'on',
      kernels: kernelChooser(this.target, progress),
    });
    try {
      plan.setState(await readModelWeights(workload.model), await readAdamState(workload.tfOptimizer, workload.variables), workload.tfStreamPosition);
    } catch (err) {
      plan.destroy();
      throw err;
    }
    this.plan = plan;
    return plan;
  }
}
