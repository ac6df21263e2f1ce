import { histogramOf } from '../../metrics/histogram';
import type { WeightHistograms } from '../protocol/training';
import type { TrainingWorkload } from './types';

/** Reads every weight tensor of the workload and bins it (in the worker: only the bins cross to the page); null without weights. */
export async function weightHistograms(workload: TrainingWorkload, step: number): Promise<WeightHistograms | null> {
  await workload.settle?.();
  const named = workload.weightTensors?.() ?? [];
  if (named.length === 0) return null;
  const values = await Promise.all(named.map(({ tensor }) => tensor.data()));
  return {
    step,
    epoch: Math.ceil(step / workload.info.stepsPerEpoch),
    tensors: named.map(({ name }, i) => ({ name, histogram: histogramOf(values[i]) })),
  };
}
