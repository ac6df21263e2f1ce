/**
 * The app's WebGPU training step for an image classifier, compiled once per run: every buffer
 * (weights, Adam's moments, the data set's bytes, activations, gradients) made when the plan is
 * built, every pipeline and bind group too; a step is one command buffer (gather the batch on the
 * GPU, forward, loss, backward, one Adam dispatch over every weight) and one submit, and a sync
 * window is read with one mapAsync. The same numbers as the TensorFlow.js step: the model's own
 * initial weights, tf.AdamOptimizer's arithmetic, the BatchStream's order of batches.
 */
import type * as tf from '@tensorflow/tfjs';
import { valuesPerImage, type ImageShape } from '../../config/imageShape';
import { shuffledIndices } from '../../data/random';
import type { ImageSplit } from '../../data/types';
import { msg, MessageError } from '../../i18n/message';
import type { AdamSnapshot } from '../checkpoints/adamState';
import type { NamedValues } from '../checkpoints/networkState';
import { GpuArena, type BufferKind } from './arena';
import { adamKernel, ADAM_STATE_WORDS, stepEndKernel } from './kernels/adam';
import { LINEAR } from './kernels/activation';
import { gatherKernel, packBytes } from './kernels/gather';
import { softmaxCrossEntropyKernel } from './kernels/softmaxCrossEntropy';
import { NetworkPass, readNetwork, type Network, type NetworkReading } from './network';
import { productsOf, resolveParts } from './parts';
import type { ProductChooser } from './tuning/tuner';
import type { TuningReport } from '../protocol/tuning';
import { KernelCompiler, replay, type Dispatch } from './program';
import { readBuffers } from './readback';
import { createBuffersChecked } from './outOfMemory';
import { GpuErrorWatch } from './errorWatch';
import { StepWindows } from './stepWindows';

export interface ClassifierPlanOptions {
  batchSize: number;
  /** Micro-batches summed into one optimizer step. */
  accumulation: number;
  /** Micro-batches per epoch (whole steps' worth), as the BatchStream counts them. */
  microBatchesPerEpoch: number;
  seed: number;
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  classes: number;
  shape: ImageShape;
  /** 'device': the split uploaded once, batches gathered on the GPU; 'host': each step's examples built in JS and written. */
  placement: 'device' | 'host';
  /** With 'host': build the next step's examples right after a step is submitted. */
  prefetch: boolean;
  /** Picks each product's kernel: the tuner on the adapter, or one form forced. */
  kernels: ProductChooser;
}

/** The scalars a step reports, in the order the window's sums hold them. */
export const CLASSIFIER_SCALARS = ['loss', 'accuracy'] as const;

/** What the bench reads of a plan: exact, from the plan's own records. */
export interface PlanCounts {
  dispatchesPerStep: number;
  submitsPerStep: number;
  pipelines: number;
  bindGroups: number;
  buffers: number;
  /** CPU milliseconds spent encoding and submitting steps, and the steps. */
  encodeMs: number;
  steps: number;
}

/** The classifier as the engine reads it, or why it cannot: every layer a kind it has, ending in a softmax. */
export function readClassifier(model: tf.LayersModel): NetworkReading {
  const reading = readNetwork(model);
  if ('refused' in reading) return reading;
  const last = reading.network.layers[reading.network.layers.length - 1];
  if (last.activation.kind !== 'softmax' || reading.network.outputShape.length !== 1) return { refused: msg('engine.gpu.refused.head', { model: model.name }) };
  return reading;
}

export class ClassifierPlan {
  private readonly windows: StepWindows;
  private position = 0;
  private orderEpoch = -1;
  private stepsDone = 0;
  private stepped = false;
  private iterations = 0;
  private encodeMs = 0;
  private dataWaitMs = 0;
  private prepared: { images: Uint32Array; labels: Uint32Array; position: number } | null = null;
  private hostOrder: { epoch: number; order: Int32Array } | null = null;

  private constructor(
    private readonly device: GPUDevice,
    private readonly arena: GpuArena,
    private readonly watch: GpuErrorWatch,
    private readonly compiler: KernelCompiler,
    readonly network: Network,
    private readonly options: ClassifierPlanOptions,
    private readonly split: ImageSplit,
    private readonly buffers: Record<'params' | 'grads' | 'm' | 'v' | 'adam' | 'images' | 'labels' | 'order' | 'counter' | 'sums', GPUBuffer>,
    private readonly dispatches: Dispatch[],
    /** How each product's kernel was chosen (the bench prints it). */
    readonly tuning: TuningReport,
  ) {
    this.windows = new StepWindows(device, arena, 'classifier', CLASSIFIER_SCALARS.length * 4, watch);
  }

  /**
   * Compiles `model` for `device`, or throws the sentence that says why the engine cannot run it, or
   * the GPU error of the kernel the device refused (EngineGpuError). Uploads the split once ('device')
   * and makes every buffer, pipeline and bind group, each kernel's inside error scopes of its own.
   */
  static async create(device: GPUDevice, model: tf.LayersModel, split: ImageSplit, options: ClassifierPlanOptions): Promise<ClassifierPlan> {
    const reading = readClassifier(model);
    if ('refused' in reading) throw new MessageError(reading.refused);
    const network = reading.network;
    const { batchSize: B, accumulation: k } = options;
    const P = valuesPerImage(options.shape);
    const arena = new GpuArena(device);
    // From the first compile on, no GPU error on this device passes unseen until the plan is destroyed.
    const watch = new GpuErrorWatch(device);
    try {
      const host = options.placement === 'host';
      const floats = (n: number) => n * 4;
      const made = await createBuffersChecked(device, () => {
        const buffers = {
          params: arena.buffer('weights', 'weights', floats(network.paramCount)),
          grads: arena.buffer('gradients', 'weight gradients', floats(network.paramCount)),
          m: arena.buffer('optimizer', 'Adam first moments', floats(network.paramCount)),
          v: arena.buffer('optimizer', 'Adam second moments', floats(network.paramCount)),
          adam: arena.buffer('optimizer', "Adam's running products", floats(ADAM_STATE_WORDS)),
          images: arena.buffer('data', host ? "a step's examples" : 'training images', host ? k * B * P : split.count * P),
          labels: arena.buffer('data', host ? "a step's labels" : 'training labels', host ? k * B : split.count),
          order: arena.buffer('data', 'epoch order', host ? 4 : floats(options.microBatchesPerEpoch * B)),
          counter: arena.buffer('data', 'step in epoch', 4),
          sums: arena.buffer('scratch', 'window sums', floats(CLASSIFIER_SCALARS.length)),
        };
        const x = arena.buffer('activations', 'batch', floats(B * P));
        const y = arena.buffer('activations', 'batch labels', floats(B));
        const pass = new NetworkPass(network, { batch: B, input: x, inputActivation: LINEAR, inputGrad: null, params: buffers.params, grads: buffers.grads }, arena, 'train');
        const micro = Array.from({ length: k }, (_, m) =>
          gatherKernel(`gather micro-batch ${m}`, { batch: B, valuesPerExample: P, scale: 1, shift: 0, microBatches: k, micro: m, source: host ? 'inOrder' : 'order' }, { ...buffers, x, y }),
        );
        const loss = softmaxCrossEntropyKernel('softmax cross-entropy', B, options.classes, k, { logits: pass.output, labels: y, dLogits: pass.outputGrad, sums: buffers.sums });
        const adam = adamKernel('Adam', network.paramCount, { ...options, accumulation: k }, { params: buffers.params, grads: buffers.grads, m: buffers.m, v: buffers.v, state: buffers.adam });
        const end = stepEndKernel('step end', { adams: [{ state: buffers.adam, beta1: options.beta1, beta2: options.beta2 }], counter: host ? undefined : { buffer: buffers.counter, by: 1 } });
        return { buffers, micro, loss, adam, end, groups: [pass.forward(), pass.backward()] };
      });
      const { choice, report } = await options.kernels.choose(productsOf(made.groups));
      const [forward, backward] = await createBuffersChecked(device, () => resolveParts(made.groups, arena, 'train', choice));
      const perMicro = (m: number) => [made.micro[m], ...forward, made.loss, ...backward];
      const compiler = new KernelCompiler(device, watch);
      const dispatches = compiler.compileAll([...Array.from({ length: k }, (_, m) => perMicro(m)).flat(), made.adam, made.end]);
      await compiler.checked();
      const plan = new ClassifierPlan(device, arena, watch, compiler, network, options, split, made.buffers, dispatches, report);
      if (!host) {
        device.queue.writeBuffer(made.buffers.images, 0, packBytes(split.images));
        device.queue.writeBuffer(made.buffers.labels, 0, packBytes(split.labels));
      }
      return plan;
    } catch (err) {
      watch.dispose();
      arena.destroy();
      throw err;
    }
  }

  /** Sets the weights (model.weights order), Adam's state and the data position: a fresh run's or a checkpoint's. */
  setState(weights: readonly NamedValues[], adam: AdamSnapshot, position: number): void {
    const { network, device, buffers } = this;
    if (weights.length !== network.weights.length) throw new Error(`${weights.length} weight tensors for a network of ${network.weights.length}.`);
    const params = new Float32Array(network.paramCount);
    const m = new Float32Array(network.paramCount);
    const v = new Float32Array(network.paramCount);
    network.weights.forEach((slot, i) => {
      if (weights[i].values.length !== slot.size) throw new Error(`Weight ${weights[i].name} has ${weights[i].values.length} values; ${slot.name} has ${slot.size}.`);
      params.set(weights[i].values, slot.offset);
      const moments = adam.moments?.[i];
      if (moments) {
        m.set(moments.m, slot.offset);
        v.set(moments.v, slot.offset);
      }
    });
    device.queue.writeBuffer(buffers.params, 0, params);
    device.queue.writeBuffer(buffers.m, 0, m);
    device.queue.writeBuffer(buffers.v, 0, v);
    device.queue.writeBuffer(buffers.adam, 0, Float32Array.of(adam.accBeta1[0], adam.accBeta2[0]));
    this.stepped = adam.moments !== null;
    this.iterations = adam.iterations;
    this.seek(position);
  }

  /** Continues from micro-batch `position` (counted from the start), as BatchStream.seek does. */
  seek(position: number): void {
    this.position = position;
    this.orderEpoch = -1;
    this.prepared = null;
  }

  /** Micro-batches handed out so far (what a checkpoint records as the stream position). */
  get streamPosition(): number {
    return this.position;
  }

  /** Encodes and submits one optimizer step; `windowEnd` also copies the window's sums for readWindow(). */
  step(windowEnd: boolean): void {
    const start = performance.now();
    const { device, buffers, options } = this;
    const opens = this.windows.beginStep();
    try {
      const epoch = Math.floor(this.position / options.microBatchesPerEpoch);
      if (options.placement === 'host') this.writeHostStep();
      else if (epoch !== this.orderEpoch) {
        const order = shuffledIndices(this.split.count, options.seed, epoch).subarray(0, options.microBatchesPerEpoch * options.batchSize);
        device.queue.writeBuffer(buffers.order, 0, Uint32Array.from(order));
        device.queue.writeBuffer(buffers.counter, 0, Uint32Array.of((this.position % options.microBatchesPerEpoch) / options.accumulation));
        this.orderEpoch = epoch;
      }
      const encoder = device.createCommandEncoder({ label: 'training step' });
      if (opens) encoder.clearBuffer(buffers.sums);
      encoder.clearBuffer(buffers.grads);
      const pass = encoder.beginComputePass({ label: 'training step', ...this.windows.passTimestamps(true, true, windowEnd) });
      replay(pass, this.dispatches);
      pass.end();
      this.windows.submit(encoder, windowEnd, buffers.sums);
    } catch (err) {
      this.windows.abandon();
      throw err;
    }
    this.position += options.accumulation;
    this.stepsDone += 1;
    this.iterations += 1;
    this.stepped = true;
    this.encodeMs += performance.now() - start;
    if (options.placement === 'host' && options.prefetch) this.prepared = this.hostStep(this.position);
  }

  /** The mean loss and accuracy of the oldest window not yet read (its one wait on the GPU); throws its GPU error. */
  async readWindow(steps: number): Promise<Record<(typeof CLASSIFIER_SCALARS)[number], number>> {
    const sums = await this.windows.read(steps);
    return { loss: sums[0] / steps, accuracy: sums[1] / steps };
  }

  /** Throws the first GPU error on the plan's device that no scope caught (before more steps are recorded). */
  throwUncaught(): void {
    this.watch.throwUncaught();
  }

  /** The GPU's idle time before each window since the first, ms; null where the device has no timestamps. */
  windowGaps(): number[] | null {
    return this.windows.windowGaps();
  }

  /** Milliseconds steps spent building their examples in JS since the last call (0 with the data on the device). */
  takeDataWaitMs(): number {
    const ms = this.dataWaitMs;
    this.dataWaitMs = 0;
    return ms;
  }

  /** Reads the weights and Adam's exact state back (one submit, one wait). */
  async readState(): Promise<{ weights: NamedValues[]; adam: AdamSnapshot }> {
    const { network, buffers } = this;
    const bytes = network.paramCount * 4;
    const [params, m, v, adam] = await readBuffers(this.device, [
      { buffer: buffers.params, bytes },
      { buffer: buffers.m, bytes },
      { buffer: buffers.v, bytes },
      { buffer: buffers.adam, bytes: ADAM_STATE_WORDS * 4 },
    ]);
    const slice = (values: Float32Array, slot: Network['weights'][number]) => values.slice(slot.offset, slot.offset + slot.size);
    return {
      weights: network.weights.map((slot) => ({ name: slot.name, shape: [...slot.shape], values: slice(params, slot) })),
      adam: {
        iterations: this.iterations,
        accBeta1: Float32Array.of(adam[0]),
        accBeta2: Float32Array.of(adam[1]),
        moments: this.stepped ? network.weights.map((slot) => ({ m: slice(m, slot), v: slice(v, slot) })) : null,
      },
    };
  }

  bytesByKind(): Record<BufferKind, number> {
    return this.arena.bytesByKind();
  }

  get totalBytes(): number {
    return this.arena.totalBytes;
  }

  counts(): PlanCounts {
    return {
      dispatchesPerStep: this.dispatches.length,
      submitsPerStep: 1,
      pipelines: this.compiler.pipelinesCompiled + this.tuning.pipelines,
      bindGroups: this.compiler.bindGroupsMade,
      buffers: this.arena.bufferCount,
      encodeMs: this.encodeMs,
      steps: this.stepsDone,
    };
  }

  destroy(): void {
    this.watch.dispose();
    this.arena.destroy();
  }

  /** Writes this step's examples ('host'): the ones built after the last step, or built now (and timed as the step's wait). */
  private writeHostStep(): void {
    const ready = this.prepared?.position === this.position ? this.prepared : null;
    const start = performance.now();
    const step = ready ?? this.hostStep(this.position);
    if (!ready) this.dataWaitMs += performance.now() - start;
    this.prepared = null;
    this.device.queue.writeBuffer(this.buffers.images, 0, step.images);
    this.device.queue.writeBuffer(this.buffers.labels, 0, step.labels);
  }

  /** The examples of the optimizer step starting at micro-batch `position`, in order, packed for the GPU. */
  private hostStep(position: number): { images: Uint32Array; labels: Uint32Array; position: number } {
    const { batchSize: B, accumulation: k, microBatchesPerEpoch, seed } = this.options;
    const P = valuesPerImage(this.options.shape);
    const epoch = Math.floor(position / microBatchesPerEpoch);
    if (this.hostOrder?.epoch !== epoch) this.hostOrder = { epoch, order: shuffledIndices(this.split.count, seed, epoch) };
    const order = this.hostOrder.order;
    const start = (position % microBatchesPerEpoch) * B;
    const images = new Uint8Array(k * B * P);
    const labels = new Uint8Array(k * B);
    for (let row = 0; row < k * B; row++) {
      const example = order[start + row];
      images.set(this.split.images.subarray(example * P, (example + 1) * P), row * P);
      labels[row] = this.split.labels[example];
    }
    return { images: packBytes(images), labels: packBytes(labels), position };
  }
}
