/**
 * The app's WebGPU step for a GAN whose two networks the engine reads (the MLP GAN; the DCGAN's
 * transposed convolutions stay on TensorFlow.js), compiled once per run. One iteration is one command
 * buffer and one submit: per discriminator step a real batch gathered on the GPU, fakes from the
 * generator, the discriminator on both halves, its loss, gradient and Adam; then the generator's step
 * through the fixed discriminator and its Adam. The noise is the same as TensorFlow.js draws it (each
 * draw seeded by its index, MPRandGauss), written with one upload per iteration; everything else stays
 * on the GPU, and a sync window is read with one mapAsync.
 */
import * as tf from '@tensorflow/tfjs';
import { shuffledIndices } from '../../data/random';
import type { ImageSplit } from '../../data/types';
import { msg, MessageError, type Message } from '../../i18n/message';
import type { AdamSnapshot } from '../checkpoints/adamState';
import type { NamedValues } from '../checkpoints/networkState';
import { NOISE_STREAM, noiseSeed } from '../gan/noiseSeed';
import type { StepPart } from '../protocol/training';
import { GpuArena, type BufferKind } from './arena';
import { adamKernel, ADAM_STATE_WORDS, stepEndKernel } from './kernels/adam';
import { LINEAR } from './kernels/activation';
import { gatherKernel, packBytes } from './kernels/gather';
import { sigmoidCrossEntropyKernel } from './kernels/sigmoidCrossEntropy';
import { NetworkPass, readNetwork, type Network } from './network';
import { createBuffersChecked } from './outOfMemory';
import { productsOf, resolveParts } from './parts';
import type { ProductChooser } from './tuning/tuner';
import type { TuningReport } from '../protocol/tuning';
import { KernelCompiler, replay, type Dispatch, type KernelSource } from './program';
import { readBuffers } from './readback';
import { GpuErrorWatch } from './errorWatch';
import { StepWindows } from './stepWindows';
import type { PlanCounts } from './classifierPlan';

export interface GanPlanOptions {
  batchSize: number;
  dStepsPerGStep: number;
  latentSize: number;
  seed: number;
  /** Noise tensors TensorFlow.js had drawn when the plan starts (a continued run's). */
  noiseDraws: number;
  realLabel: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  dLearningRate: number;
  gLearningRate: number;
  /** Picks each product's kernel: the tuner on the adapter, or one form forced. */
  kernels: ProductChooser;
}

/** The window's sums, in order; a part's step reports some of them. */
export const GAN_SCALARS = ['dLoss', 'dReal', 'dFake', 'gLoss'] as const;
type GanScalar = (typeof GAN_SCALARS)[number];
const SLOT = Object.fromEntries(GAN_SCALARS.map((name, i) => [name, i])) as Record<GanScalar, number>;
/** What each kind of step reports, as GanWorkload.step does: the last D step's three, then the G step's loss (dFake from G only without D). */
const REPORTED: Record<'whole' | StepPart, readonly GanScalar[]> = {
  whole: ['dLoss', 'dReal', 'dFake', 'gLoss'],
  discriminator: ['dLoss', 'dReal', 'dFake'],
  generator: ['gLoss', 'dFake'],
};

/** Both networks as the engine reads them, or the first reason it cannot. */
export function readGan(generator: tf.LayersModel, discriminator: tf.LayersModel): { generator: Network; discriminator: Network } | { refused: Message } {
  const g = readNetwork(generator);
  if ('refused' in g) return g;
  const d = readNetwork(discriminator, { dropFinal: 'sigmoid' });
  if ('refused' in d) return d;
  if (d.network.outputShape.join() !== '1' || g.network.outputShape.reduce((a, b) => a * b, 1) !== d.network.inputShape.reduce((a, b) => a * b, 1)) {
    return { refused: msg('engine.gpu.refused.head', { model: discriminator.name }) };
  }
  return { generator: g.network, discriminator: d.network };
}

interface NetworkBuffers {
  params: GPUBuffer;
  grads: GPUBuffer;
  m: GPUBuffer;
  v: GPUBuffer;
  adam: GPUBuffer;
}

function networkBuffers(arena: GpuArena, name: string, network: Network): NetworkBuffers {
  const bytes = network.paramCount * 4;
  return {
    params: arena.buffer('weights', `${name} weights`, bytes),
    grads: arena.buffer('gradients', `${name} weight gradients`, bytes),
    m: arena.buffer('optimizer', `${name} Adam first moments`, bytes),
    v: arena.buffer('optimizer', `${name} Adam second moments`, bytes),
    adam: arena.buffer('optimizer', `${name} Adam's running products`, ADAM_STATE_WORDS * 4),
  };
}

/** What the encoder does between passes: a dispatch list, or a copy between buffers. */
type Command = { dispatch: Dispatch[] } | { copy: { from: GPUBuffer; fromOffset: number; to: GPUBuffer; toOffset: number; bytes: number } } | { clear: GPUBuffer };

export class GanPlan {
  private readonly windows: StepWindows;
  private position = 0;
  private noiseDraws: number;
  private orderFrom = -1;
  private encodeMs = 0;
  private dataWaitMs = 0;
  private stepsDone = 0;
  /** The next whole iteration's noise, drawn while the GPU runs the current one. */
  private prefetched: { fromDraw: number; draws: number; values: Float32Array } | null = null;
  private readonly stepped = { generator: false, discriminator: false };
  private readonly iterations = { generator: 0, discriminator: 0 };

  private constructor(
    private readonly device: GPUDevice,
    private readonly arena: GpuArena,
    private readonly watch: GpuErrorWatch,
    private readonly compiler: KernelCompiler,
    readonly networks: { generator: Network; discriminator: Network },
    private readonly options: GanPlanOptions,
    private readonly split: ImageSplit,
    private readonly buffers: { g: NetworkBuffers; d: NetworkBuffers; noise: GPUBuffer; order: GPUBuffer; counter: GPUBuffer; sums: GPUBuffer },
    private readonly steps: Record<'whole' | StepPart, Command[]>,
    private readonly ordersHeld: number,
    /** How each product's kernel was chosen (the bench prints it). */
    readonly tuning: TuningReport,
  ) {
    this.noiseDraws = options.noiseDraws;
    this.windows = new StepWindows(device, arena, 'gan', GAN_SCALARS.length * 4, watch);
  }

  static async create(device: GPUDevice, generator: tf.LayersModel, discriminator: tf.LayersModel, split: ImageSplit, options: GanPlanOptions): Promise<GanPlan> {
    const reading = readGan(generator, discriminator);
    if ('refused' in reading) throw new MessageError(reading.refused);
    const { batchSize: B, dStepsPerGStep: dSteps, latentSize: L } = options;
    const G = reading.generator;
    const D = reading.discriminator;
    const P = D.inputShape.reduce((a, b) => a * b, 1);
    const batchesPerEpoch = Math.floor(split.count / B);
    // Every order a step can reach from its first batch: an iteration's D steps may run into the next epochs.
    const ordersHeld = 1 + Math.ceil(dSteps / batchesPerEpoch);
    const arena = new GpuArena(device);
    // From the first compile on, no GPU error on this device passes unseen until the plan is destroyed.
    const watch = new GpuErrorWatch(device);
    try {
      const made = await createBuffersChecked(device, () => {
        const g = networkBuffers(arena, 'generator', G);
        const d = networkBuffers(arena, 'discriminator', D);
        const buffers = {
          g,
          d,
          noise: arena.buffer('data', 'noise of an iteration', (dSteps + 1) * B * L * 4),
          images: arena.buffer('data', 'training images', split.count * P),
          order: arena.buffer('data', 'epoch orders', ordersHeld * batchesPerEpoch * B * 4),
          counter: arena.buffer('data', 'batch in the orders held', 4),
          sums: arena.buffer('scratch', 'window sums', GAN_SCALARS.length * 4),
        };
        const z = arena.buffer('activations', 'noise', B * L * 4);
        const pair = arena.buffer('activations', 'real and fake images', 2 * B * P * 4);
        const gen = new NetworkPass(G, { batch: B, input: z, inputActivation: LINEAR, inputGrad: null, params: g.params, grads: g.grads }, arena, 'generator');
        const dTrain = new NetworkPass(D, { batch: 2 * B, input: pair, inputActivation: LINEAR, inputGrad: null, params: d.params, grads: d.grads }, arena, 'discriminator');
        const dThrough = new NetworkPass(D, { batch: B, input: gen.output, inputActivation: G.outputActivation, inputGrad: gen.outputGrad, params: d.params, grads: null }, arena, 'discriminator on fakes');
        const gather = gatherKernel('gather real images', { batch: B, valuesPerExample: P, scale: 2, shift: -1, microBatches: 1, micro: 0, source: 'order' }, { images: buffers.images, labels: null, order: buffers.order, counter: buffers.counter, x: pair, y: null });
        const dHead = (report: boolean) =>
          sigmoidCrossEntropyKernel(
            report ? 'discriminator loss' : 'discriminator loss (not reported)',
            [{ count: B, target: options.realLabel }, { count: B, target: 0 }],
            report ? [{ slot: SLOT.dLoss, of: 'loss', groups: [0, 1] }, { slot: SLOT.dReal, of: 'probability', groups: [0] }, { slot: SLOT.dFake, of: 'probability', groups: [1] }] : [],
            { logits: dTrain.output, dLogits: dTrain.outputGrad, sums: buffers.sums },
          );
        const gHead = (withDFake: boolean) =>
          sigmoidCrossEntropyKernel(
            withDFake ? 'generator loss and D(G(z))' : 'generator loss',
            [{ count: B, target: 1 }],
            [{ slot: SLOT.gLoss, of: 'loss', groups: [0] }, ...(withDFake ? [{ slot: SLOT.dFake, of: 'probability' as const, groups: [0] }] : [])],
            { logits: dThrough.output, dLogits: dThrough.outputGrad, sums: buffers.sums },
          );
        const adam = (name: string, network: Network, nb: NetworkBuffers, learningRate: number) =>
          adamKernel(`${name} Adam`, network.paramCount, { learningRate, beta1: options.beta1, beta2: options.beta2, epsilon: options.epsilon, accumulation: 1 }, { params: nb.params, grads: nb.grads, m: nb.m, v: nb.v, state: nb.adam });
        const dEnd = stepEndKernel('discriminator step end', { adams: [{ state: d.adam, beta1: options.beta1, beta2: options.beta2 }], counter: { buffer: buffers.counter, by: 1 } });
        const gEnd = stepEndKernel('generator step end', { adams: [{ state: g.adam, beta1: options.beta1, beta2: options.beta2 }] });
        const sources = {
          gather,
          dHeadReport: dHead(true),
          dHeadQuiet: dHead(false),
          gHead: gHead(false),
          gHeadDFake: gHead(true),
          dAdam: adam('discriminator', D, d, options.dLearningRate),
          gAdam: adam('generator', G, g, options.gLearningRate),
          dEnd,
          gEnd,
        };
        const groups = [gen.forward(), gen.backward(), dTrain.forward(), dTrain.backward(), dThrough.forward(), dThrough.backward()];
        return { buffers, z, pair, gen, sources, groups };
      });
      const { choice, report } = await options.kernels.choose(productsOf(made.groups));
      const resolved = await createBuffersChecked(device, () => resolveParts(made.groups, arena, 'gan', choice));
      const parts = { gForward: resolved[0], gBackward: resolved[1], dForward: resolved[2], dBackward: resolved[3], throughForward: resolved[4], throughBackward: resolved[5] };
      const compiler = new KernelCompiler(device, watch);
      const k = (source: KernelSource) => compiler.compile(source);
      const all = (sources: readonly KernelSource[]) => compiler.compileAll(sources);
      const { buffers, z, pair, gen, sources } = made;
      const gForward = all(parts.gForward);
      const noiseBytes = B * L * 4;
      const dStep = (j: number, report: boolean): Command[] => [
        { copy: { from: buffers.noise, fromOffset: j * noiseBytes, to: z, toOffset: 0, bytes: noiseBytes } },
        { clear: buffers.d.grads },
        { dispatch: [k(sources.gather), ...gForward] },
        { copy: { from: gen.output, fromOffset: 0, to: pair, toOffset: B * P * 4, bytes: B * P * 4 } },
        { dispatch: [...all(parts.dForward), k(report ? sources.dHeadReport : sources.dHeadQuiet), ...all(parts.dBackward), k(sources.dAdam), k(sources.dEnd)] },
      ];
      const gStep = (j: number, withDFake: boolean): Command[] => [
        { copy: { from: buffers.noise, fromOffset: j * noiseBytes, to: z, toOffset: 0, bytes: noiseBytes } },
        { clear: buffers.g.grads },
        { dispatch: [...gForward, ...all(parts.throughForward), k(withDFake ? sources.gHeadDFake : sources.gHead), ...all(parts.throughBackward), ...all(parts.gBackward), k(sources.gAdam), k(sources.gEnd)] },
      ];
      const steps = {
        whole: [...Array.from({ length: dSteps }, (_, j) => dStep(j, j === dSteps - 1)).flat(), ...gStep(dSteps, false)],
        discriminator: dStep(0, true),
        generator: gStep(0, true),
      };
      await compiler.checked();
      const plan = new GanPlan(device, arena, watch, compiler, reading, options, split, buffers, steps, ordersHeld, report);
      device.queue.writeBuffer(made.buffers.images, 0, packBytes(split.images));
      return plan;
    } catch (err) {
      watch.dispose();
      arena.destroy();
      throw err;
    }
  }

  /** Sets both networks' weights and Adams (model.weights order), the data position and the noise drawn so far. */
  setState(state: { generator: { weights: readonly NamedValues[]; adam: AdamSnapshot }; discriminator: { weights: readonly NamedValues[]; adam: AdamSnapshot } }, position: number, noiseDraws: number): void {
    this.writeNetwork(this.networks.generator, this.buffers.g, state.generator.weights, state.generator.adam, 'generator');
    this.writeNetwork(this.networks.discriminator, this.buffers.d, state.discriminator.weights, state.discriminator.adam, 'discriminator');
    this.position = position;
    this.noiseDraws = noiseDraws;
    this.prefetched = null;
    this.orderFrom = -1;
  }

  get streamPosition(): number {
    return this.position;
  }

  get noiseDrawn(): number {
    return this.noiseDraws;
  }

  /** Encodes and submits one step (a whole iteration, or one network's half); `windowEnd` also copies the window's sums. */
  step(part: StepPart | undefined, windowEnd: boolean): void {
    const { device, buffers, options } = this;
    const dSteps = part === 'generator' ? 0 : part === 'discriminator' ? 1 : options.dStepsPerGStep;
    const draws = dSteps + (part === 'discriminator' ? 0 : 1);
    const noise = this.takeNoise(draws);
    const start = performance.now();
    const opens = this.windows.beginStep();
    try {
      this.placeOrders(dSteps);
      device.queue.writeBuffer(buffers.noise, 0, noise);
      const encoder = device.createCommandEncoder({ label: 'GAN step' });
      if (opens) encoder.clearBuffer(buffers.sums);
      const commands = this.steps[part ?? 'whole'];
      const passes = commands.flatMap((c, i) => ('dispatch' in c ? [i] : []));
      commands.forEach((command, i) => {
        if ('dispatch' in command) {
          const pass = encoder.beginComputePass(this.windows.passTimestamps(i === passes[0], i === passes.at(-1), windowEnd));
          replay(pass, command.dispatch);
          pass.end();
        } else if ('copy' in command) {
          const c = command.copy;
          encoder.copyBufferToBuffer(c.from, c.fromOffset, c.to, c.toOffset, c.bytes);
        } else encoder.clearBuffer(command.clear);
      });
      this.windows.submit(encoder, windowEnd, buffers.sums);
    } catch (err) {
      this.windows.abandon();
      throw err;
    }
    this.position += dSteps;
    if (dSteps > 0) this.advance('discriminator', dSteps);
    if (part !== 'discriminator') this.advance('generator', 1);
    this.stepsDone += 1;
    this.encodeMs += performance.now() - start;
    // JavaScript draws the next iteration's noise while the GPU runs this one.
    this.prefetched = { fromDraw: this.noiseDraws, draws: options.dStepsPerGStep + 1, values: this.noise(options.dStepsPerGStep + 1) };
  }

  /** Milliseconds steps waited for their noise (drawn then, not ahead) since the last call. */
  takeDataWaitMs(): number {
    const ms = this.dataWaitMs;
    this.dataWaitMs = 0;
    return ms;
  }

  /** This step's noise: drawn ahead when it is the iteration expected, else drawn now (and timed as a wait). */
  private takeNoise(draws: number): Float32Array {
    const ahead = this.prefetched;
    this.prefetched = null;
    if (ahead && ahead.draws === draws && ahead.fromDraw === this.noiseDraws) {
      this.noiseDraws += draws;
      return ahead.values;
    }
    const start = performance.now();
    const values = this.noise(draws);
    this.noiseDraws += draws;
    this.dataWaitMs += performance.now() - start;
    return values;
  }

  /** The window's mean scalars, those the steps' part reports (the window's one wait on the GPU). */
  async readWindow(steps: number, part: StepPart | undefined): Promise<Record<string, number>> {
    const sums = await this.windows.read(steps);
    return Object.fromEntries(REPORTED[part ?? 'whole'].map((name) => [name, sums[SLOT[name]] / steps]));
  }

  async readState(): Promise<{ generator: { weights: NamedValues[]; adam: AdamSnapshot }; discriminator: { weights: NamedValues[]; adam: AdamSnapshot } }> {
    const { g, d } = this.buffers;
    const regions = (network: Network, nb: NetworkBuffers) => [
      { buffer: nb.params, bytes: network.paramCount * 4 },
      { buffer: nb.m, bytes: network.paramCount * 4 },
      { buffer: nb.v, bytes: network.paramCount * 4 },
      { buffer: nb.adam, bytes: ADAM_STATE_WORDS * 4 },
    ];
    const values = await readBuffers(this.device, [...regions(this.networks.generator, g), ...regions(this.networks.discriminator, d)]);
    const network = (name: 'generator' | 'discriminator', [params, m, v, adam]: Float32Array[]) => {
      const net = this.networks[name];
      const slice = (from: Float32Array, slot: Network['weights'][number]) => from.slice(slot.offset, slot.offset + slot.size);
      return {
        weights: net.weights.map((slot) => ({ name: slot.name, shape: [...slot.shape], values: slice(params, slot) })),
        adam: {
          iterations: this.iterations[name],
          accBeta1: Float32Array.of(adam[0]),
          accBeta2: Float32Array.of(adam[1]),
          moments: this.stepped[name] ? net.weights.map((slot) => ({ m: slice(m, slot), v: slice(v, slot) })) : null,
        },
      };
    };
    return { generator: network('generator', values.slice(0, 4)), discriminator: network('discriminator', values.slice(4, 8)) };
  }

  bytesByKind(): Record<BufferKind, number> {
    return this.arena.bytesByKind();
  }

  get totalBytes(): number {
    return this.arena.totalBytes;
  }

  counts(): PlanCounts {
    const dispatches = this.steps.whole.reduce((sum, c) => sum + ('dispatch' in c ? c.dispatch.length : 0), 0);
    return { dispatchesPerStep: dispatches, submitsPerStep: 1, pipelines: this.compiler.pipelinesCompiled + this.tuning.pipelines, bindGroups: this.compiler.bindGroupsMade, buffers: this.arena.bufferCount, encodeMs: this.encodeMs, steps: this.stepsDone };
  }

  /** Throws the first GPU error on the plan's device that no scope caught (before more steps are recorded). */
  throwUncaught(): void {
    this.watch.throwUncaught();
  }

  /** The GPU's idle time before each window since the first, ms; null where the device has no timestamps. */
  windowGaps(): number[] | null {
    return this.windows.windowGaps();
  }

  destroy(): void {
    this.watch.dispose();
    this.arena.destroy();
  }

  private advance(network: 'generator' | 'discriminator', updates: number): void {
    this.iterations[network] += updates;
    this.stepped[network] = true;
  }

  private writeNetwork(network: Network, nb: NetworkBuffers, weights: readonly NamedValues[], adam: AdamSnapshot, name: string): void {
    if (weights.length !== network.weights.length) throw new Error(`${weights.length} weight tensors for the ${name}'s ${network.weights.length}.`);
    const params = new Float32Array(network.paramCount);
    const m = new Float32Array(network.paramCount);
    const v = new Float32Array(network.paramCount);
    network.weights.forEach((slot, i) => {
      params.set(weights[i].values, slot.offset);
      const moments = adam.moments?.[i];
      if (moments) {
        m.set(moments.m, slot.offset);
        v.set(moments.v, slot.offset);
      }
    });
    this.device.queue.writeBuffer(nb.params, 0, params);
    this.device.queue.writeBuffer(nb.m, 0, m);
    this.device.queue.writeBuffer(nb.v, 0, v);
    this.device.queue.writeBuffer(nb.adam, 0, Float32Array.of(adam.accBeta1[0], adam.accBeta2[0]));
    const key = name as 'generator' | 'discriminator';
    this.stepped[key] = adam.moments !== null;
    this.iterations[key] = adam.iterations;
  }

  /** Uploads the epoch orders this step's real batches need (from its first batch's epoch on), with the counter at its first batch. */
  private placeOrders(dSteps: number): void {
    if (dSteps === 0) return;
    const { batchSize: B, seed } = this.options;
    const perEpoch = Math.floor(this.split.count / B);
    const first = Math.floor(this.position / perEpoch);
    const last = Math.floor((this.position + dSteps - 1) / perEpoch);
    if (this.orderFrom !== -1 && first === this.orderFrom) return;
    if (last - first >= this.ordersHeld) throw new Error('A GAN step needs more epoch orders than its plan holds.');
    const orders = new Uint32Array(this.ordersHeld * perEpoch * B);
    for (let e = 0; e < this.ordersHeld; e++) orders.set(shuffledIndices(this.split.count, seed, first + e).subarray(0, perEpoch * B), e * perEpoch * B);
    this.device.queue.writeBuffer(this.buffers.order, 0, orders);
    this.device.queue.writeBuffer(this.buffers.counter, 0, Uint32Array.of(this.position - first * perEpoch));
    this.orderFrom = first;
  }

  /**
   * The next `draws` noise tensors, drawn by tf.randomNormal from their seeds as GanTrainer.nextNoise draws them:
   * it fills the values in JS, and a tensor no kernel has used yet is read back without touching the GPU.
   */
  private noise(draws: number): Float32Array {
    const { batchSize: B, latentSize: L, seed } = this.options;
    const out = new Float32Array(Math.max(1, draws) * B * L);
    for (let d = 0; d < draws; d++) {
      const drawn = tf.randomNormal([B, L], 0, 1, 'float32', noiseSeed(seed, NOISE_STREAM.training, this.noiseDraws + d));
      out.set(drawn.dataSync(), d * B * L);
      drawn.dispose();
    }
    return out;
  }
}
