import * as tf from '@tensorflow/tfjs';
import { realLabelFor, type GanRunConfig } from '../../config/ganConfig';
import type { GanModelSpec } from '../../models/gan/types';
import { binaryCrossEntropyWithLogits } from './ganLoss';
import { NOISE_STREAM, noiseSeed } from './noiseSeed';
import { adam } from '../workloads/adam';
import { msg, MessageError } from '../../i18n/message';
import { readAdamState, writeAdamState } from '../checkpoints/adamState';
import { readModelWeights, writeModelWeights } from '../checkpoints/modelWeights';
import type { NamedValues, NetworkState } from '../checkpoints/networkState';
import { PREVIEW_NOISE_TENSOR } from '../protocol/checkpointFormat';

/** Preview images drawn from the fixed noise: an 8x8 grid. */
export const DEFAULT_PREVIEW_COUNT = 64;
/** The generator's target for fakes: it wants D to call them real (the non-saturating loss). */
const GENERATOR_TARGET_LABEL = 1;
const FAKE_LABEL = 0;

/** The settings a trainer needs; the rest of GanRunConfig (data, steps, backend) belongs to the caller. */
export type GanTrainerConfig = Pick<GanRunConfig, 'latentSize' | 'dLearningRate' | 'gLearningRate' | 'beta1' | 'labelSmoothing' | 'seed'>;

/** Scalars of one discriminator step, still on the device; the caller reads and disposes them. */
export type DiscriminatorStepLosses = {
  /** BCE(D(x), real label) + BCE(D(G(z)), 0), before the update. */
  dLoss: tf.Scalar;
  /** Mean D(x) over the real batch. */
  dReal: tf.Scalar;
  /** Mean D(G(z)) over the fake batch. */
  dFake: tf.Scalar;
};

/** Scalars of one generator step, still on the device; the caller reads and disposes them. */
export type GeneratorStepLosses = {
  /** Non-saturating generator loss BCE(D(G(z)), 1), before the update. */
  gLoss: tf.Scalar;
  /** Mean D(G(z)) over the step's fakes, before the update. */
  dFake: tf.Scalar;
};

/** Both losses on a given real batch and the fixed preview noise, without training. */
export type GanEvaluation = DiscriminatorStepLosses & GeneratorStepLosses;

/** Everything a trainer needs to continue exactly where another left off, read back from the device. */
export interface GanTrainerState {
  generator: NetworkState;
  discriminator: NetworkState;
  previewNoise: Omit<NamedValues, 'name'>;
  /** Training noise tensors drawn so far: each draw is seeded by its index. */
  noiseDraws: number;
}

/**
 * A generator, a discriminator and one Adam optimizer each, on the current backend. Steps dispatch work
 * and return device scalars without syncing. Each optimizer updates only its own network's trainable
 * weights. Noise is seeded per draw, so a run is reproducible on one backend.
 */
export class GanTrainer {
  readonly generator: tf.Sequential;
  readonly discriminator: tf.Sequential;
  readonly latentSize: number;
  private readonly dOptimizer: tf.AdamOptimizer;
  private readonly gOptimizer: tf.AdamOptimizer;
  private readonly dVariables: tf.Variable[];
  private readonly gVariables: tf.Variable[];
  /** The discriminator minus its final sigmoid: training works on logits for a stable loss. */
  private readonly logitLayers: tf.layers.Layer[];
  private previewNoise: tf.Tensor2D;
  private readonly realLabel: number;
  private readonly seed: number;
  private noiseDraws = 0;

  constructor(spec: GanModelSpec, config: GanTrainerConfig, previewCount = DEFAULT_PREVIEW_COUNT) {
    this.latentSize = config.latentSize;
    this.seed = config.seed;
    this.realLabel = realLabelFor(config.labelSmoothing);
    this.generator = spec.buildGenerator(config.latentSize, config.seed);
    this.discriminator = spec.buildDiscriminator(config.seed);
    try {
      this.logitLayers = logitLayersOf(this.discriminator, spec.id);
    } catch (error) {
      this.generator.dispose();
      this.discriminator.dispose();
      throw error;
    }
    this.gVariables = trainableVariables(this.generator);
    this.dVariables = trainableVariables(this.discriminator);
    this.dOptimizer = adam(config.dLearningRate, config.beta1);
    this.gOptimizer = adam(config.gLearningRate, config.beta1);
    const previewSeed = noiseSeed(config.seed, NOISE_STREAM.preview, 0);
    this.previewNoise = tf.randomNormal([previewCount, config.latentSize], 0, 1, 'float32', previewSeed);
  }

  /** One discriminator update on a real batch (pixels in [-1,1]) and as many fresh fakes. */
  discriminatorStep(real: tf.Tensor4D): DiscriminatorStepLosses {
    const batchSize = real.shape[0];
    const fake = tf.tidy(() => this.generator.apply(this.nextNoise(batchSize), { training: false }) as tf.Tensor4D);
    const kept: Partial<DiscriminatorStepLosses> = {};
    const dLoss = this.dOptimizer.minimize(
      () => {
        const losses = this.discriminatorLosses(real, fake);
        kept.dReal = tf.keep(losses.dReal);
        kept.dFake = tf.keep(losses.dFake);
        return losses.dLoss;
      },
      true,
      this.dVariables,
    ) as tf.Scalar;
    fake.dispose();
    return { dLoss, dReal: present(kept.dReal), dFake: present(kept.dFake) };
  }

  /** One generator update through the (fixed) discriminator on batchSize fresh fakes. */
  generatorStep(batchSize: number): GeneratorStepLosses {
    const noise = this.nextNoise(batchSize);
    const kept: Partial<GeneratorStepLosses> = {};
    const gLoss = this.gOptimizer.minimize(
      () => {
        const fake = this.generator.apply(noise, { training: true }) as tf.Tensor4D;
        const logits = this.logits(fake, true);
        kept.dFake = tf.keep(tf.mean(tf.sigmoid(logits)) as tf.Scalar);
        return binaryCrossEntropyWithLogits(logits, GENERATOR_TARGET_LABEL);
      },
      true,
      this.gVariables,
    ) as tf.Scalar;
    noise.dispose();
    return { gLoss, dFake: present(kept.dFake) };
  }

  /** Losses on a real batch and G(fixed preview noise), with no update: a steadier signal than step losses. */
  evaluate(real: tf.Tensor4D): GanEvaluation {
    return tf.tidy(() => {
      const fake = this.generator.apply(this.previewNoise, { training: false }) as tf.Tensor4D;
      const losses = this.discriminatorLosses(real, fake, false);
      const gLoss = binaryCrossEntropyWithLogits(this.logits(fake, false), GENERATOR_TARGET_LABEL);
      return { ...losses, gLoss };
    });
  }

  /** Images from the fixed preview noise, pixels in [-1,1]; the caller disposes them. */
  sample(): tf.Tensor4D {
    return tf.tidy(() => this.generator.apply(this.previewNoise, { training: false }) as tf.Tensor4D);
  }

  /** Reads both networks, both optimizers' exact state, the preview noise and the noise counter back from the device. */
  async captureState(): Promise<GanTrainerState> {
    return {
      generator: { weights: await readModelWeights(this.generator), adam: await readAdamState(this.gOptimizer, this.gVariables) },
      discriminator: { weights: await readModelWeights(this.discriminator), adam: await readAdamState(this.dOptimizer, this.dVariables) },
      previewNoise: { shape: [...this.previewNoise.shape], values: Float32Array.from(await this.previewNoise.data()) },
      noiseDraws: this.noiseDraws,
    };
  }

  /** What the app's WebGPU engine starts from: each network's Adam and the variables it updates, the noise drawn so far, the real images' target. */
  get engineStart(): { generator: { optimizer: tf.AdamOptimizer; variables: tf.Variable[] }; discriminator: { optimizer: tf.AdamOptimizer; variables: tf.Variable[] }; noiseDraws: number; realLabel: number } {
    return {
      generator: { optimizer: this.gOptimizer, variables: this.gVariables },
      discriminator: { optimizer: this.dOptimizer, variables: this.dVariables },
      noiseDraws: this.noiseDraws,
      realLabel: this.realLabel,
    };
  }

  /** The preview noise as plain numbers (a checkpoint's), read back. */
  async previewNoiseValues(): Promise<Omit<NamedValues, 'name'>> {
    return { shape: [...this.previewNoise.shape], values: Float32Array.from(await this.previewNoise.data()) };
  }

  /** The preview noise's shape, [previews, latent size]. */
  get previewShape(): [number, number] {
    return [this.previewNoise.shape[0], this.previewNoise.shape[1]];
  }

  /** Puts a captured state into this trainer before its first step (same models and settings), so it continues bit for bit. */
  restoreState(state: GanTrainerState): void {
    const { shape, values } = state.previewNoise;
    if (shape.join('x') !== this.previewShape.join('x')) {
      const [name, expected] = [PREVIEW_NOISE_TENSOR, `[${this.previewShape.join(', ')}]`];
      throw new MessageError(msg('engine.checkpoint.weightShape', { name, shape: `[${shape.join(', ')}]`, expectedName: name, expected }));
    }
    writeModelWeights(this.generator, state.generator.weights);
    writeModelWeights(this.discriminator, state.discriminator.weights);
    writeAdamState(this.gOptimizer, this.gVariables, state.generator.adam);
    writeAdamState(this.dOptimizer, this.dVariables, state.discriminator.adam);
    const noise = tf.tensor2d(values, this.previewShape, 'float32');
    this.previewNoise.dispose();
    this.previewNoise = noise;
    this.noiseDraws = state.noiseDraws;
  }

  dispose(): void {
    this.previewNoise.dispose();
    this.dOptimizer.dispose();
    this.gOptimizer.dispose();
    this.generator.dispose();
    this.discriminator.dispose();
  }

  private discriminatorLosses(real: tf.Tensor4D, fake: tf.Tensor4D, training = true): DiscriminatorStepLosses {
    const realCount = real.shape[0];
    // One forward pass over real and fake together; the halves are scored separately.
    const logits = this.logits(tf.concat([real, fake], 0), training);
    const realLogits = logits.slice([0, 0], [realCount, 1]);
    const fakeLogits = logits.slice([realCount, 0], [fake.shape[0], 1]);
    const dLoss = tf.add(
      binaryCrossEntropyWithLogits(realLogits, this.realLabel),
      binaryCrossEntropyWithLogits(fakeLogits, FAKE_LABEL),
    ) as tf.Scalar;
    return { dLoss, dReal: tf.mean(tf.sigmoid(realLogits)) as tf.Scalar, dFake: tf.mean(tf.sigmoid(fakeLogits)) as tf.Scalar };
  }

  private logits(images: tf.Tensor4D, training: boolean): tf.Tensor2D {
    let activations: tf.Tensor = images;
    for (const layer of this.logitLayers) activations = layer.apply(activations, { training }) as tf.Tensor;
    return activations as tf.Tensor2D;
  }

  private nextNoise(batchSize: number): tf.Tensor2D {
    const seed = noiseSeed(this.seed, NOISE_STREAM.training, this.noiseDraws);
    this.noiseDraws += 1;
    return tf.randomNormal([batchSize, this.latentSize], 0, 1, 'float32', seed);
  }
}

/** minimize() runs its loss function synchronously, so what it kept is always there. */
function present(scalar: tf.Scalar | undefined): tf.Scalar {
  if (!scalar) throw new Error('GanTrainer: a step did not produce its scalars');
  return scalar;
}

function trainableVariables(model: tf.LayersModel): tf.Variable[] {
  // LayerVariable.read() hands back the tf.Variable itself, which is what optimizers update.
  return model.trainableWeights.map((weight) => weight.read() as tf.Variable);
}

/** All layers but the final sigmoid; refuses a discriminator built another way. */
function logitLayersOf(discriminator: tf.Sequential, modelId: string): tf.layers.Layer[] {
  const layers = discriminator.layers;
  const last = layers[layers.length - 1];
  if (last.getClassName() !== 'Activation' || last.getConfig().activation !== 'sigmoid') {
    throw new Error(`GAN "${modelId}": the discriminator must end in a sigmoid Activation layer after its logit`);
  }
  return layers.slice(0, -1);
}
