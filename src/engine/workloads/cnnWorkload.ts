import * as tf from '@tensorflow/tfjs';
import { CNN_MODEL_LABELS } from '../../config/models';
import type { CnnRunConfig } from '../../config/cnnConfig';
import { EVAL_BATCH_SIZE, FLOAT16_ADAM_EPSILON } from '../../config/tunables';
import { BatchStream, DeviceDataset, HostDataset, type BatchSource } from '../../data/deviceDataset';
import type { ImageDataset } from '../../data/types';
import { planAccumulation, type AccumulationPlan } from '../../metrics/accumulation';
import type { MemoryPlan, MemorySplit } from '../../metrics/memoryPlan';
import { analyzeModel } from '../../models/cost';
import { predictRunMemory } from '../../models/memory';
import { getCnnModel } from '../../models/registry';
import type { BackendName } from '../../config/backends';
import type { EvalPoint } from '../protocol/training';
import { assertCanTrain } from '../backends/kernels';
import { adamTensors, readAdamState, writeAdamState } from '../checkpoints/adamState';
import { readModelWeights, writeModelWeights } from '../checkpoints/modelWeights';
import type { NetworkState } from '../checkpoints/networkState';
import { accumulatedStep } from './gradientStep';
import type { TrainingWorkload } from './types';
import { adam } from './adam';
import { EngineClassifier } from './engineClassifier';
import type { EngineTarget } from '../gpu/tuning/engineKernels';
import { readClassifier } from '../gpu/classifierPlan';
import { msg } from '../../i18n/message';

/** Mean categorical cross-entropy of softmax outputs against one-hot labels. */
export function crossEntropy(labels: tf.Tensor2D, probs: tf.Tensor2D): tf.Scalar {
  return tf.tidy(() => tf.mean(tf.metrics.categoricalCrossentropy(labels, probs)) as tf.Scalar);
}

export function accuracy(labels: tf.Tensor2D, probs: tf.Tensor2D): tf.Scalar {
  return tf.tidy(() => tf.mean(tf.cast(tf.equal(tf.argMax(labels, -1), tf.argMax(probs, -1)), 'float32')) as tf.Scalar);
}

export interface CnnWorkloadOptions {
  /** Sees the predicted memory after the model is built and before any data is uploaded; throws to refuse the run. */
  beforeUpload?(plan: MemoryPlan): void;
  /** Given, the steps run on the app's WebGPU engine on this device (the TensorFlow.js model holds the weights between runs of it). */
  engine?: EngineTarget;
}

/** A classifier's whole training state, read back from the device: what a checkpoint holds. */
export interface CnnTrainingState extends NetworkState {
  /** Micro-batches the data stream has handed out. */
  streamPosition: number;
}

function bytesOf(tensors: readonly tf.Tensor[]): number {
  return tensors.reduce((sum, t) => sum + (t.isDisposed ? 0 : t.size * (t.dtype === 'int32' || t.dtype === 'float32' ? 4 : 1)), 0);
}

/**
 * The image classifier workload: model, Adam and the data (on the device, or uploaded each batch
 * from JS), one optimizer step over k micro-batches, its memory split, and its whole state for checkpoints.
 */
export class CnnWorkload implements TrainingWorkload {
  readonly examplesPerStep: number;
  readonly flopsPerStep: number;
  /** The predicted class of every test example at the last evaluation, in order (for the confusion matrix); null before one. */
  lastPredictions: Int32Array | null = null;
  private dataWaitMs = 0;
  /** The app's WebGPU engine, when it trains this workload (runSteps and the rest then go through it). */
  readonly engine: EngineClassifier | null = null;

  private constructor(
    readonly info: TrainingWorkload['info'],
    readonly model: tf.Sequential,
    private readonly optimizer: tf.Optimizer,
    private readonly train: BatchSource,
    private readonly test: DeviceDataset,
    private readonly stream: BatchStream,
    readonly plan: MemoryPlan,
    readonly accumulation: AccumulationPlan,
    trainFlopsPerExample: number,
    engine: { target: EngineTarget; config: CnnRunConfig; data: ImageDataset } | null,
  ) {
    this.examplesPerStep = accumulation.effectiveBatch;
    this.flopsPerStep = trainFlopsPerExample * accumulation.effectiveBatch;
    if (engine) {
      const on = new EngineClassifier(engine.target, this, engine.config, engine.data);
      this.engine = on;
      this.prepare = (listener) => on.prepare(listener);
      this.engineTuning = () => on.tuning;
      this.runSteps = (count, _part, next) => on.runSteps(count, next);
      this.windowGaps = () => on.windowGaps();
      this.deviceMemory = () => (this.engine as EngineClassifier).deviceMemory();
      this.knownStepPeak = () => (this.engine as EngineClassifier).knownStepPeak();
      this.encodeMs = () => (this.engine as EngineClassifier).counts()?.encodeMs ?? 0;
    }
  }

  readonly runSteps?: TrainingWorkload['runSteps'];
  readonly windowGaps?: TrainingWorkload['windowGaps'];
  readonly prepare?: TrainingWorkload['prepare'];
  readonly engineTuning?: TrainingWorkload['engineTuning'];
  readonly deviceMemory?: TrainingWorkload['deviceMemory'];
  readonly knownStepPeak?: TrainingWorkload['knownStepPeak'];
  readonly encodeMs?: TrainingWorkload['encodeMs'];

  /** Builds model and optimizer and uploads data on the backend that is active now. */
  static create(config: CnnRunConfig, data: ImageDataset, backend: BackendName, flags: Record<string, unknown>, options: CnnWorkloadOptions = {}): CnnWorkload {
    const accumulation = planAccumulation(data.train.count, config.batchSize, config.accumulationSteps);
    const spec = getCnnModel(config.model);
    const owned: { dispose(): void }[] = [];
    const own = <T extends { dispose(): void }>(resource: T): T => (owned.push(resource), resource);
    try {
      const model = own(spec.build(config.seed, data.classCount, data.shape));
      assertCanTrain([model], backend);
      const refused = options.engine ? readClassifier(model) : null;
      const engineTarget = refused && !('refused' in refused) ? options.engine : undefined;
      const engineNote = refused && 'refused' in refused ? msg('engine.gpu.fallback', { reason: refused.refused }) : undefined;
      const cost = analyzeModel(model);
      const plan = predictRunMemory(cost, { ...config, trainExamples: data.train.count, testExamples: data.test.count, classes: data.classCount, shape: data.shape });
      options.beforeUpload?.(plan);
      const batches = { scale: 'unit', classes: data.classCount, shape: data.shape } as const;
      // The engine keeps its own copy of the training bytes on the device: TensorFlow.js's batches then come from JS, when asked for.
      const onDevice = config.dataPlacement === 'device' && !engineTarget;
      const train = own(onDevice ? DeviceDataset.upload(data.train, batches) : new HostDataset(data.train, 'unit', data.classCount, data.shape));
      const test = own(DeviceDataset.upload(data.test, batches));
      const stream = own(
        new BatchStream(train, config.batchSize, config.seed, { batchesPerEpoch: accumulation.microBatchesPerEpoch, prefetch: config.prefetch === 'on' ? 'after-step' : 'off' }),
      );
      const info = {
        backend,
        engine: engineTarget ? ('app' as const) : ('tfjs' as const),
        ...(engineNote ? { engineNote } : {}),
        modelLabel: CNN_MODEL_LABELS[config.model],
        params: cost.params,
        forwardFlopsPerExample: cost.forwardFlopsPerExample,
        trainFlopsPerExample: cost.trainFlopsPerExample,
        stepsPerEpoch: accumulation.stepsPerEpoch,
        totalSteps: accumulation.stepsPerEpoch * config.epochs,
        flags,
      };
      // 16-bit storage cannot hold the default 1e-7; TensorFlow.js's own epsilon for 16-bit backends.
      const epsilon = config.precision === 'float16' ? FLOAT16_ADAM_EPSILON : undefined;
      const optimizer = own(adam(config.learningRate, undefined, undefined, epsilon));
      const engine = engineTarget ? { target: engineTarget, config, data } : null;
      return new CnnWorkload(info, model, optimizer, train, test, stream, plan, accumulation, cost.trainFlopsPerExample, engine);
    } catch (err) {
      // Out of memory during upload, or a backend that cannot train the model: free what was made.
      owned.reverse().forEach((r) => r.dispose());
      throw err;
    }
  }

  /** The next micro-batch from the stream; the caller disposes it. */
  nextBatch(): { xs: tf.Tensor4D; ys: tf.Tensor2D } {
    const { xs, ys } = this.stream.next();
    return { xs, ys };
  }

  forward(): tf.Tensor {
    const { xs, ys } = this.nextBatch();
    try {
      return this.model.predict(xs) as tf.Tensor;
    } finally {
      tf.dispose([xs, ys]);
    }
  }

  /** The model's trainable variables, in the order the gradients (and so Adam's moments) come in. */
  get variables(): tf.Variable[] {
    return this.model.trainableWeights.map((w) => w.read() as tf.Variable);
  }

  step(): Record<string, tf.Scalar> {
    if (this.engine) throw new Error("This workload trains on the app's WebGPU engine: its steps run through runSteps().");
    const feed = {
      next: () => {
        const start = performance.now();
        const batch = this.nextBatch();
        this.dataWaitMs += performance.now() - start;
        return batch;
      },
      afterDispatch: () => this.stream.prefetch(),
    };
    return accumulatedStep(this.optimizer, this.variables, this.accumulation.accumulationSteps, feed, (xs, ys) => {
      const probs = this.model.apply(xs, { training: true }) as tf.Tensor2D;
      return { loss: crossEntropy(ys as tf.Tensor2D, probs), extras: { accuracy: accuracy(ys as tf.Tensor2D, probs) } };
    });
  }

  /** Milliseconds the steps since the last call waited for their batches (gathered or built and uploaded when asked for). */
  takeDataWaitMs(): number {
    const ms = this.dataWaitMs + (this.engine?.takeDataWaitMs() ?? 0);
    this.dataWaitMs = 0;
    return ms;
  }

  /** Brings the model's weights up to date with the engine's (no-op without it, or when they are already). */
  async settle(): Promise<void> {
    await this.engine?.settle();
  }

  /** The Adam the model's TensorFlow.js steps use (the engine starts from its state, and hands its own back through checkpoints). */
  get tfOptimizer(): tf.Optimizer {
    return this.optimizer;
  }

  /** Micro-batches the TensorFlow.js stream has handed out. */
  get tfStreamPosition(): number {
    return this.stream.position;
  }

  weightTensors(): { name: string; tensor: tf.Tensor }[] {
    return this.model.weights.map((w) => ({ name: w.originalName, tensor: w.read() }));
  }

  /** Where the live bytes are now, each part measured from its own tensors; the rest of tf.memory() is `other`. */
  memorySplit(): MemorySplit {
    if (this.engine) return this.engine.memorySplit(this.test.residentBytes);
    const weights = bytesOf(this.model.weights.map((w) => w.read()));
    const optimizer = bytesOf(adamTensors(this.optimizer));
    const data = this.train.residentBytes + this.test.residentBytes + this.stream.prefetchedBytes;
    return { weights, optimizer, data, other: tf.memory().numBytes - weights - optimizer - data };
  }

  /** Reads weights, Adam's state and the data position back from the device. */
  async captureState(): Promise<CnnTrainingState> {
    if (this.engine?.started) return this.engine.captureState();
    return { weights: await readModelWeights(this.model), adam: await readAdamState(this.optimizer, this.variables), streamPosition: this.stream.position };
  }

  /** Puts a captured state into this freshly built workload (same model and settings), so training continues from it exactly. */
  restoreState(state: CnnTrainingState): void {
    if (this.engine?.started) throw new Error('A state can only be restored into a workload before its first step.');
    writeModelWeights(this.model, state.weights);
    writeAdamState(this.optimizer, this.variables, state.adam);
    this.stream.seek(state.streamPosition);
  }

  /** Test loss and accuracy over the whole held-out split, with a single read-back. */
  async evaluate(step: number, epoch: number): Promise<EvalPoint> {
    await this.settle();
    const total = this.test.count;
    let sums = tf.zeros([2]);
    const predicted: tf.Tensor[] = [];
    for (let start = 0; start < total; start += EVAL_BATCH_SIZE) {
      const size = Math.min(EVAL_BATCH_SIZE, total - start);
      const indices = Int32Array.from({ length: size }, (_, i) => start + i);
      const next = tf.tidy(() => {
        const { xs, ys } = this.test.batch(indices);
        const probs = this.model.predict(xs) as tf.Tensor2D;
        const lossSum = tf.sum(tf.metrics.categoricalCrossentropy(ys, probs));
        predicted.push(tf.keep(tf.argMax(probs, -1)));
        const correct = tf.sum(tf.cast(tf.equal(tf.argMax(ys, -1), predicted[predicted.length - 1]), 'float32'));
        return tf.add(sums, tf.stack([lossSum, correct]));
      });
      sums.dispose();
      sums = next;
    }
    const classes = tf.concat(predicted);
    tf.dispose(predicted);
    const [[lossSum, correct], predictions] = await Promise.all([sums.data(), classes.data()]);
    sums.dispose();
    classes.dispose();
    this.lastPredictions = predictions as Int32Array;
    return { step, epoch, testLoss: lossSum / total, testAccuracy: correct / total, examples: total };
  }

  dispose(): void {
    this.engine?.dispose();
    this.stream.dispose();
    this.train.dispose();
    this.test.dispose();
    this.optimizer.dispose();
    this.model.dispose();
  }
}
