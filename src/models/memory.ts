/** A run's predicted memory from its model's layer shapes (src/metrics/memoryPlan.ts does the arithmetic). */
import type { BackendName } from '../config/backends';
import { valuesPerImage, type ImageShape } from '../config/imageShape';
import { adamUpdateCopies, predictMemory, type MemoryPlan } from '../metrics/memoryPlan';
import type { ModelCost } from './types';

/** Floats one example takes on the device: its side x side x channels values and a one-hot label over `classes`. */
export function floatsPerExample(classes: number, shape: ImageShape): number {
  return valuesPerImage(shape) + classes;
}

/** Every layer's output elements for one example, added up (the input batch itself counts as data). */
export function activationElementsPerExample(cost: ModelCost): number {
  return cost.layers.reduce((sum, layer) => sum + layer.outputShape.reduce((product, dim) => product * dim, 1), 0);
}

export interface RunShape {
  backend: BackendName;
  batchSize: number;
  accumulationSteps: number;
  trainExamples: number;
  testExamples: number;
  dataPlacement: 'device' | 'host';
  prefetch: 'on' | 'off';
  /** The data set's class count (the one-hot labels' width). */
  classes: number;
  /** The data set's image shape (a colour image is three floats a pixel). */
  shape: ImageShape;
}

/** What this model needs for this run, before anything is uploaded. */
export function predictRunMemory(cost: ModelCost, run: RunShape): MemoryPlan {
  return predictMemory({
    params: cost.params,
    activationElementsPerExample: activationElementsPerExample(cost),
    floatsPerExample: floatsPerExample(run.classes, run.shape),
    batchSize: run.batchSize,
    accumulationSteps: run.accumulationSteps,
    residentExamples: run.testExamples + (run.dataPlacement === 'device' ? run.trainExamples : 0),
    batchesInFlight: run.prefetch === 'on' ? 2 : 1,
    adamUpdateCopies: adamUpdateCopies(run.backend),
  });
}
