import * as tf from '@tensorflow/tfjs';
import { GAN_MODEL_LABELS } from '../../config/models';
import type { BackendName } from '../../config/backends';
import type { GanRunConfig } from '../../config/ganConfig';
import { isColour } from '../../config/imageShape';
import { IMAGE_PIXELS, IMAGE_SIDE_PX } from '../../config/tunables';
import { BatchStream, DeviceDataset, HostDataset, type BatchSource } from '../../data/deviceDataset';
import type { ImageDataset, ImageSplit } from '../../data/types';
import { getGanModel } from '../../models/gan/registry';
import { assertCanTrain } from '../backends/kernels';
import { ganCostOfModels, ganIterationFlopsPerExample } from '../gan/ganCost';
import { GanTrainer, type GanTrainerState } from '../gan/ganSteps';
import type { RunInfo, SampleGrid, StepPart } from '../protocol/training';
import type { TrainingWorkload } from './types';
import { EngineGan } from './engineGan';
import type { EngineTarget } from '../gpu/tuning/engineKernels';
import { readGan } from '../gpu/ganPlan';
import { msg, MessageError } from '../../i18n/message';

/** The training images of one digit only, or all of them. */
export function digitSubset(split: ImageSplit, digit: GanRunConfig['digit']): ImageSplit {
  if (digit === 'all') return split;
  const label = Number(digit);
  const picked: number[] = [];
  split.labels.forEach((l, i) => l === label && picked.push(i));
  const images = new Uint8Array(picked.length * IMAGE_PIXELS);
  picked.forEach((from, to) => images.set(split.images.subarray(from * IMAGE_PIXELS, (from + 1) * IMAGE_PIXELS), to * IMAGE_PIXELS));
  return { count: picked.length, images, labels: new Uint8Array(picked.length).fill(label) };
}

/** A GAN run's whole training state, read back from the device: what a checkpoint holds. */
export interface GanTrainingState extends GanTrainerState {
  /** Real batches the data stream has handed out. */
  streamPosition: number;
}

/** A GAN on real images: D steps on device-resident batches, then a G step; previews from fixed noise. */
export class GanWorkload implements TrainingWorkload {
  readonly examplesPerStep: number;
  readonly flopsPerStep: number;

  private constructor(
    readonly info: RunInfo,
    readonly trainer: GanTrainer,
    private readonly data: BatchSource,
    private readonly stream: BatchStream,
    private readonly config: GanRunConfig,
    flopsPerExample: number,
    engine: { target: EngineTarget; split: ImageSplit } | null,
  ) {
    // Real images the discriminator sees per step; each comes with one fake.
    this.examplesPerStep = config.batchSize * config.dStepsPerGStep;
    this.flopsPerStep = flopsPerExample * config.batchSize;
    if (engine) {
      const on = new EngineGan(engine.target, trainer, config, engine.split, () => stream.position);
      this.engine = on;
      this.prepare = (listener) => on.prepare(listener);
      this.engineTuning = () => on.tuning;
      this.runSteps = (count, part, next) => on.runSteps(count, part, next);
      this.windowGaps = () => on.windowGaps();
      this.deviceMemory = () => on.deviceMemory();
      this.knownStepPeak = () => on.knownStepPeak();
      this.encodeMs = () => on.counts()?.encodeMs ?? 0;
      this.takeDataWaitMs = () => on.takeDataWaitMs();
    }
  }

  /** Brings both networks up to date with the engine's weights (no-op without it). */
  async settle(): Promise<void> {
    await this.engine?.settle();
  }

  /** The app's WebGPU engine, when it trains this workload (runSteps and the rest then go through it). */
  readonly engine: EngineGan | null = null;
  readonly runSteps?: TrainingWorkload['runSteps'];
  readonly windowGaps?: TrainingWorkload['windowGaps'];
  readonly prepare?: TrainingWorkload['prepare'];
  readonly engineTuning?: TrainingWorkload['engineTuning'];
  readonly deviceMemory?: TrainingWorkload['deviceMemory'];
  readonly knownStepPeak?: TrainingWorkload['knownStepPeak'];
  readonly encodeMs?: TrainingWorkload['encodeMs'];
  readonly takeDataWaitMs?: TrainingWorkload['takeDataWaitMs'];

  static create(config: GanRunConfig, dataset: ImageDataset, backend: BackendName, flags: Record<string, unknown>, options: { engine?: EngineTarget } = {}): GanWorkload {
    if (isColour(dataset.shape) || dataset.shape.side !== IMAGE_SIDE_PX) {
      throw new MessageError(msg('ownData.ganNeedsGray', { name: dataset.own?.name ?? dataset.id, size: dataset.shape.side }));
    }
    if (config.digit !== 'all' && Number(config.digit) >= dataset.classCount) {
      throw new MessageError(msg('engine.train.ganNoSuchClass', { digit: config.digit, classes: dataset.classCount, last: dataset.classCount - 1 }));
    }
    const split = digitSubset(dataset.train, config.digit);
    if (config.batchSize > split.count) {
      throw new MessageError(msg('engine.train.ganBatchTooLarge', { batch: config.batchSize, images: split.count, digit: config.digit }));
    }
    const spec = getGanModel(config.model);
    const owned: { dispose(): void }[] = [];
    const own = <T extends { dispose(): void }>(resource: T): T => (owned.push(resource), resource);
    try {
      const trainer = own(new GanTrainer(spec, config));
      assertCanTrain([trainer.generator, trainer.discriminator], backend);
      const reading = options.engine ? readGan(trainer.generator, trainer.discriminator) : null;
      const engineTarget = reading && !('refused' in reading) ? options.engine : undefined;
      const engineNote = reading && 'refused' in reading ? msg('engine.gpu.fallback', { reason: reading.refused }) : undefined;
      const cost = ganCostOfModels(trainer.generator, trainer.discriminator);
      // With the engine the real images live in its own buffer: TensorFlow.js's stream then builds batches in JS, if ever asked.
      const data = own(engineTarget ? new HostDataset(split, 'symmetric', dataset.classCount) : DeviceDataset.upload(split, { scale: 'symmetric', classes: dataset.classCount }));
      const stream = own(new BatchStream(data, config.batchSize, config.seed));
      const info: RunInfo = {
        backend,
        engine: engineTarget ? 'app' : 'tfjs',
        ...(engineNote ? { engineNote } : {}),
        modelLabel: GAN_MODEL_LABELS[config.model],
        params: cost.generator.params + cost.discriminator.params,
        forwardFlopsPerExample: cost.generator.forwardFlopsPerExample + cost.discriminator.forwardFlopsPerExample,
        trainFlopsPerExample: ganIterationFlopsPerExample(cost, config.dStepsPerGStep),
        stepsPerEpoch: Math.max(1, Math.floor(stream.stepsPerEpoch / config.dStepsPerGStep)),
        totalSteps: config.steps,
        flags,
      };
      return new GanWorkload(info, trainer, data, stream, config, info.trainFlopsPerExample, engineTarget ? { target: engineTarget, split } : null);
    } catch (err) {
      owned.reverse().forEach((r) => r.dispose());
      throw err;
    }
  }

  /** The next real batch, pixels in [-1,1]; the caller disposes it. */
  nextRealBatch(): tf.Tensor4D {
    const { xs, ys } = this.stream.next();
    ys.dispose();
    return xs;
  }

  step(part?: StepPart): Record<string, tf.Scalar> {
    if (this.engine) throw new Error("This workload trains on the app's WebGPU engine: its steps run through runSteps().");
    const out: Record<string, tf.Scalar> = {};
    const dSteps = part === 'generator' ? 0 : part === 'discriminator' ? 1 : this.config.dStepsPerGStep;
    for (let i = 0; i < dSteps; i++) {
      const xs = this.nextRealBatch();
      const d = this.trainer.discriminatorStep(xs);
      xs.dispose();
      // Only the last D step's scalars are reported; earlier ones are freed at once.
      tf.dispose([out.dLoss, out.dReal, out.dFake].filter(Boolean));
      Object.assign(out, d);
    }
    if (part !== 'discriminator') {
      const g = this.trainer.generatorStep(this.config.batchSize);
      out.gLoss = g.gLoss;
      if (out.dFake) g.dFake.dispose();
      else out.dFake = g.dFake;
    }
    return out;
  }

  /** Both networks' weights, each name prefixed with its network (their layers may share names). */
  weightTensors(): { name: string; tensor: tf.Tensor }[] {
    const named = (network: string, model: tf.LayersModel) => model.weights.map((w) => ({ name: `${network}/${w.originalName}`, tensor: w.read() }));
    return [...named('generator', this.trainer.generator), ...named('discriminator', this.trainer.discriminator)];
  }

  /** Reads both networks, both optimizers, the preview noise, the noise counter and the data position back from the device. */
  async captureState(): Promise<GanTrainingState> {
    if (this.engine?.started) return this.engine.captureState();
    return { ...(await this.trainer.captureState()), streamPosition: this.stream.position };
  }

  /** Puts a captured state into this freshly built workload (same models and settings), so training continues from it exactly. */
  restoreState(state: GanTrainingState): void {
    if (this.engine?.started) throw new Error('A state can only be restored into a workload before its first step.');
    this.trainer.restoreState(state);
    this.stream.seek(state.streamPosition);
  }

  async samples(step: number): Promise<SampleGrid> {
    await this.settle();
    const images = this.trainer.sample();
    const unit = tf.tidy(() => tf.div(tf.add(images, 1), 2));
    images.dispose();
    const pixels = (await unit.data()) as Float32Array;
    const count = unit.shape[0];
    unit.dispose();
    return { step, count, side: IMAGE_SIDE_PX, pixels };
  }

  dispose(): void {
    this.engine?.dispose();
    this.stream.dispose();
    this.data.dispose();
    this.trainer.dispose();
  }
}
