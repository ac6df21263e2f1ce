import type * as tf from '@tensorflow/tfjs';
import type { ImageShape } from '../config/imageShape';
import type { CnnModelId } from '../config/models';

/** One image-classifier model: a builder that gives the same weights for the same seed. */
export interface CnnModelSpec {
  id: CnnModelId;
  /**
   * Builds the uncompiled model from the data set's image shape (input [side, side, channels]: 28 x 28 x 1
   * for the shipped sets) with a softmax over its `classes`; initializers seeded from seed.
   */
  build(seed: number, classes: number, shape: ImageShape): tf.Sequential;
}

/** Analytic cost of one layer for one example. */
export interface LayerCost {
  name: string;
  className: string;
  outputShape: number[];
  params: number;
  /** Forward-pass FLOPs per example (a multiply-add counts as 2). */
  forwardFlops: number;
}

export interface ModelCost {
  layers: LayerCost[];
  params: number;
  forwardFlopsPerExample: number;
  /** A training step is approximately forward + 2x backward = 3x forward. */
  trainFlopsPerExample: number;
}
