import type * as tf from '@tensorflow/tfjs';
import type { GanModelId } from '../../config/models';

/** One GAN: a generator and a discriminator builder, each giving the same weights for the same seed. */
export interface GanModelSpec {
  id: GanModelId;
  /** Generator: latent vector [latentSize] → image [28,28,1] in [-1,1] (tanh). Uncompiled. */
  buildGenerator(latentSize: number, seed: number): tf.Sequential;
  /**
   * Discriminator: image [28,28,1] → probability of "real" [1]. Its last two layers are a linear
   * Dense 1 (the logit) and a sigmoid Activation, so training can use the logit for a stable loss.
   */
  buildDiscriminator(seed: number): tf.Sequential;
}
