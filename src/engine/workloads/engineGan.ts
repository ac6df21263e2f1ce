/**
 * A GAN workload's steps on the app's WebGPU engine, compiled on the first step from the trainer as it is
 * then (fresh, or restored from a checkpoint), like engineClassifier.ts. The TensorFlow.js networks are
 * brought up to date only when something reads them (samples, histograms, the export).
 */
import type { GanRunConfig } from '../../config/ganConfig';
import type { ImageSplit } from '../../data/types';
import { readAdamState } from '../checkpoints/adamState';
import { readModelWeights, writeModelWeights } from '../checkpoints/modelWeights';
import { tfDeviceMemory } from '../deviceMemory';
import type { GanTrainer, GanTrainerState } from '../gan/ganSteps';
import type { PlanCounts } from '../gpu/classifierPlan';
import { GanPlan } from '../gpu/ganPlan';
import { kernelChooser, type EngineTarget } from '../gpu/tuning/engineKernels';
import { tuningMessage } from '../gpu/tuning/tuner';
import { msg } from '../../i18n/message';
import type { StepPart } from '../protocol/training';
import type { DeviceMemory, PrepareListener, WindowAhead } from './types';

export class EngineGan {
  private plan: GanPlan | null = null;
  private making: Promise<GanPlan> | null = null;
  private stale = false;
  /** A window recorded ahead of the last read, which the next runSteps reads. */
  private ahead: WindowAhead | null = null;

  constructor(
    private readonly target: EngineTarget,
    private readonly trainer: GanTrainer,
    private readonly config: GanRunConfig,
    private readonly split: ImageSplit,
    /** Real batches the TensorFlow.js stream had handed out when the plan starts (a continued run's). */
    private readonly streamPosition: () => number,
  ) {}

  get started(): boolean {
    return this.making !== null;
  }

  /** Compiles the plan now (choosing its kernels, with progress), and says how they were chosen. */
  async prepare(listener: PrepareListener): Promise<void> {
    const plan = await this.ready(listener);
    listener.note(tuningMessage(plan.tuning));
  }

  get tuning(): GanPlan['tuning'] | null {
    return this.plan?.tuning ?? null;
  }

  /** Records `count` steps (unless they were recorded ahead), then `next`'s when given, and reads the first window. */
  async runSteps(count: number, part?: StepPart, next?: WindowAhead): Promise<Record<string, number>> {
    const plan = await this.ready();
    plan.throwUncaught();
    const recorded = this.ahead;
    this.ahead = null;
    if (recorded && (recorded.steps !== count || recorded.part !== part)) throw new Error(`A window of ${recorded.steps} steps (${recorded.part ?? 'whole'}) was recorded ahead; ${count} (${part ?? 'whole'}) were asked for.`);
    if (!recorded) this.record(plan, count, part);
    if (next) {
      this.record(plan, next.steps, next.part);
      this.ahead = next;
    }
    return plan.readWindow(count, part);
  }

  /** The GPU's idle time before each window since the first, ms; null where the device has no timestamps (or before the plan). */
  windowGaps(): number[] | null {
    return this.plan?.windowGaps() ?? null;
  }

  private record(plan: GanPlan, count: number, part: StepPart | undefined): void {
    for (let i = 0; i < count; i++) plan.step(part, i === count - 1);
    this.stale = true;
  }

  async settle(): Promise<void> {
    if (!this.plan || !this.stale) return;
    const state = await this.plan.readState();
    writeModelWeights(this.trainer.generator, state.generator.weights);
    writeModelWeights(this.trainer.discriminator, state.discriminator.weights);
    this.stale = false;
  }

  async captureState(): Promise<GanTrainerState & { streamPosition: number }> {
    const plan = await this.ready();
    const state = await plan.readState();
    return { ...state, previewNoise: await this.trainer.previewNoiseValues(), noiseDraws: plan.noiseDrawn, streamPosition: plan.streamPosition };
  }

  deviceMemory(): DeviceMemory {
    const own = tfDeviceMemory();
    const plan = this.plan?.totalBytes ?? 0;
    return { bytes: own.bytes + plan, gpuBytes: (own.gpuBytes ?? 0) + plan, numTensors: own.numTensors };
  }

  knownStepPeak(): { liveBytes: number; peakBytes: number } | null {
    if (!this.plan) return null;
    const own = tfDeviceMemory().bytes;
    const kinds = this.plan.bytesByKind();
    return { liveBytes: own + kinds.weights + kinds.optimizer + kinds.data, peakBytes: own + this.plan.totalBytes };
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

  private ready(listener?: PrepareListener): Promise<GanPlan> {
    this.making ??= this.make(listener);
    return this.making;
  }

  private async make(listener?: PrepareListener): Promise<GanPlan> {
    const { trainer, config } = this;
    const start = trainer.engineStart;
    const adam = start.discriminator.optimizer as unknown as { beta1: number; beta2: number; epsilon: number };
    const progress = (done: number, total: number) => listener?.progress(done / total, msg('engine.gpu.tuning.progress', { done, total }));
    const plan = await GanPlan.create(this.target.device, trainer.generator, trainer.discriminator, this.split, {
      batchSize: config.batchSize,
      dStepsPerGStep: config.dStepsPerGStep,
      latentSize: config.latentSize,
      seed: config.seed,
      noiseDraws: start.noiseDraws,
      realLabel: start.realLabel,
      beta1: adam.beta1,
      beta2: adam.beta2,
      epsilon: adam.epsilon,
      dLearningRate: config.dLearningRate,
      gLearningRate: config.gLearningRate,
      kernels: kernelChooser(this.target, progress),
    });
    try {
      const network = async (model: 'generator' | 'discriminator') => ({
        weights: await readModelWeights(trainer[model]),
        adam: await readAdamState(start[model].optimizer, start[model].variables),
      });
      plan.setState({ generator: await network('generator'), discriminator: await network('discriminator') }, this.streamPosition(), start.noiseDraws);
    } catch (err) {
      plan.destroy();
      throw err;
    }
    this.plan = plan;
    return plan;
  }
}
