/**
 * A classifier's training state as a GPCK checkpoint and back: the one format saved models and
 * checkpoints share (protocol/checkpointFormat.ts). Weights keep their layer-scoped names
 * (conv1/kernel); Adam's moments are adam/m/<weight> and adam/v/<weight>, its bias-correction
 * powers adam/accBeta1 and adam/accBeta2. Plain data both ways: no tensors are made here.
 */
import type { CnnRunConfig } from '../../config/cnnConfig';
import { CNN_NAMING, MAX_CURVE_POINTS, type CheckpointSummary, type CnnCheckpoint, type CurvePoints } from '../protocol/checkpointFormat';
import type { CnnTrainingState } from '../workloads/cnnWorkload';
import { networkStateOf, networkTensors } from './networkState';

export interface CheckpointProgressIn {
  /** Optimizer steps done. */
  step: number;
  /** Steps per epoch of the run, for the 1-based epoch of the last step done. */
  stepsPerEpoch: number;
}

/** The 1-based epoch of the last step done (0 before any). */
export function epochOf({ step, stepsPerEpoch }: CheckpointProgressIn): number {
  return step === 0 ? 0 : Math.ceil(step / stepsPerEpoch);
}

/** The checkpoint of a run at `progress`, from its state as captureState read it. */
export function checkpointOf(config: CnnRunConfig, state: CnnTrainingState, progress: CheckpointProgressIn, summary: CheckpointSummary, createdAt = new Date().toISOString()): CnnCheckpoint {
  return {
    createdAt,
    config,
    progress: { step: progress.step, epoch: epochOf(progress), streamPosition: state.streamPosition, optimizerIterations: state.adam.iterations },
    summary: { ...summary, curve: thinCurve(summary.curve) },
    tensors: networkTensors(state, CNN_NAMING),
  };
}

/** The training state a checkpoint holds; throws one sentence when its optimizer tensors do not match its weights. */
export function stateOf(checkpoint: CnnCheckpoint): CnnTrainingState {
  return { ...networkStateOf(checkpoint.tensors, CNN_NAMING, checkpoint.progress.optimizerIterations), streamPosition: checkpoint.progress.streamPosition };
}

/** At most MAX_CURVE_POINTS points, evenly picked, the last one always kept. */
export function thinCurve(curve: Readonly<CurvePoints>): CurvePoints {
  if (curve.length <= MAX_CURVE_POINTS) return curve.map(([s, l]) => [s, l]);
  const stride = (curve.length - 1) / (MAX_CURVE_POINTS - 1);
  return Array.from({ length: MAX_CURVE_POINTS }, (_, i) => {
    const [s, l] = curve[Math.round(i * stride)];
    return [s, l];
  });
}
