import type * as tf from '@tensorflow/tfjs';
import type { CnnModelId } from '../config/models';

/** One image-classifier model: a builder that gives the same weights for the same seed. */
export interface CnnModelSpec {
  id: CnnModelId;
  /** Builds the uncompiled model, input [28,28,1], output a softmax over the data set's `classes`; initializers seeded from seed. */
  build(seed: number, classes: number): tf.Sequential;
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
