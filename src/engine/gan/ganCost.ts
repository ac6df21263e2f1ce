import type * as tf from '@tensorflow/tfjs';
import { analyzeModel } from '../../models/cost';
import type { GanModelSpec } from '../../models/gan/types';
import type { ModelCost } from '../../models/types';

/** Seed for models built only to be measured: weights do not affect the cost. */
const COST_MODEL_SEED = 0;

/** Analytic cost of GAN training per example, from the per-layer rules of analyzeModel. */
export interface GanCost {
  generator: ModelCost;
  discriminator: ModelCost;
  /** One discriminator step, per real example (each brings one fake). */
  dStepFlopsPerExample: number;
  /** One generator step, per generated example. */
  gStepFlopsPerExample: number;
}

/** Builds the spec's two networks, measures them and disposes them. */
export function ganCost(spec: GanModelSpec, latentSize: number): GanCost {
  const generator = spec.buildGenerator(latentSize, COST_MODEL_SEED);
  const discriminator = spec.buildDiscriminator(COST_MODEL_SEED);
  try {
    return ganCostOfModels(generator, discriminator);
  } finally {
    generator.dispose();
    discriminator.dispose();
  }
}

export function ganCostOfModels(generator: tf.LayersModel, discriminator: tf.LayersModel): GanCost {
  const g = analyzeModel(generator);
  const d = analyzeModel(discriminator);
  return {
    generator: g,
    discriminator: d,
    // D step = G forward (make the fake) + D forward and backward on 2 images (real + fake); G step = G and D forward and backward.
    dStepFlopsPerExample: g.forwardFlopsPerExample + 2 * d.trainFlopsPerExample,
    gStepFlopsPerExample: g.trainFlopsPerExample + d.trainFlopsPerExample,
  };
}

/** FLOPs per example of one training iteration: dStepsPerGStep discriminator steps and one generator step. */
export function ganIterationFlopsPerExample(cost: GanCost, dStepsPerGStep: number): number {
  return dStepsPerGStep * cost.dStepFlopsPerExample + cost.gStepFlopsPerExample;
}
