/**
 * A classifier's training state as a GPCK checkpoint and back: the one format saved models and
 * checkpoints share (protocol/checkpointFormat.ts). Weights keep their layer-scoped names
 * (conv1/kernel); Adam's moments are adam/m/<weight> and adam/v/<weight>, its bias-correction
 * powers adam/accBeta1 and adam/accBeta2. Plain data both ways: no tensors are made here.
 */
import type { CnnRunConfig } from '../../config/cnnConfig';
import { msg, MessageError } from '../../i18n/message';
import { MAX_CURVE_POINTS, type Checkpoint, type CheckpointSummary, type CheckpointTensor } from '../protocol/checkpointFormat';
import type { CnnTrainingState } from '../workloads/cnnWorkload';

const BETA1 = 'adam/accBeta1';
const BETA2 = 'adam/accBeta2';
const moment = (which: 'm' | 'v', weight: string) => `adam/${which}/${weight}`;

export interface CheckpointProgressIn {
  /** Optimizer steps done. */
  step: number;
  /** Steps per epoch of the run, for the 1-based epoch of the last step done. */
  stepsPerEpoch: number;
}

/** The checkpoint of a run at `progress`, from its state as captureState read it. */
export function checkpointOf(config: CnnRunConfig, state: CnnTrainingState, progress: CheckpointProgressIn, summary: CheckpointSummary, createdAt = new Date().toISOString()): Checkpoint {
  const { adam } = state;
  if (adam.moments && adam.moments.length !== state.weights.length) {
    throw new Error(`Adam holds moments for ${adam.moments.length} variables, the model has ${state.weights.length} weights: only fully trainable models are saved.`);
  }
  const tensors: CheckpointTensor[] = state.weights.map((w) => ({ name: w.name, group: 'weights', shape: w.shape, values: w.values }));
  tensors.push({ name: BETA1, group: 'optimizer', shape: [], values: adam.accBeta1 }, { name: BETA2, group: 'optimizer', shape: [], values: adam.accBeta2 });
  adam.moments?.forEach((m, i) => {
    const w = state.weights[i];
    tensors.push({ name: moment('m', w.name), group: 'optimizer', shape: w.shape, values: m.m }, { name: moment('v', w.name), group: 'optimizer', shape: w.shape, values: m.v });
  });
  return {
    createdAt,
    config,
    progress: {
      step: progress.step,
      epoch: progress.step === 0 ? 0 : Math.ceil(progress.step / progress.stepsPerEpoch),
      streamPosition: state.streamPosition,
      optimizerIterations: adam.iterations,
    },
    summary: { ...summary, curve: thinCurve(summary.curve) },
    tensors,
  };
}

/** The training state a checkpoint holds; throws one sentence when its optimizer tensors do not match its weights. */
export function stateOf(checkpoint: Checkpoint): CnnTrainingState {
  const byName = new Map(checkpoint.tensors.map((t) => [t.name, t]));
  const weights = checkpoint.tensors.filter((t) => t.group === 'weights').map(({ name, shape, values }) => ({ name, shape, values }));
  const scalar = (name: string): Float32Array => {
    const t = byName.get(name);
    if (!t || t.group !== 'optimizer' || t.values.length !== 1) throw new MessageError(msg('engine.checkpoint.noScalar', { name }));
    return t.values;
  };
  const optimizerCount = checkpoint.tensors.length - weights.length;
  let moments: CnnTrainingState['adam']['moments'] = null;
  if (optimizerCount === 2 + 2 * weights.length) {
    moments = weights.map((w) => {
      const read = (which: 'm' | 'v') => {
        const t = byName.get(moment(which, w.name));
        if (!t || t.group !== 'optimizer' || t.shape.join('x') !== w.shape.join('x')) {
          throw new MessageError(msg('engine.checkpoint.noMoment', { which, shape: `[${w.shape.join(', ')}]`, name: w.name }));
        }
        return t.values;
      };
      return { m: read('m'), v: read('v') };
    });
  } else if (optimizerCount !== 2) {
    throw new MessageError(msg('engine.checkpoint.optimizerCount', { count: optimizerCount, weights: weights.length, full: 2 + 2 * weights.length }));
  }
  return {
    weights,
    adam: { iterations: checkpoint.progress.optimizerIterations, accBeta1: scalar(BETA1), accBeta2: scalar(BETA2), moments },
    streamPosition: checkpoint.progress.streamPosition,
  };
}

/** At most MAX_CURVE_POINTS points, evenly picked, the last one always kept. */
export function thinCurve(curve: readonly [number, number][]): [number, number][] {
  if (curve.length <= MAX_CURVE_POINTS) return curve.map(([s, l]) => [s, l]);
  const stride = (curve.length - 1) / (MAX_CURVE_POINTS - 1);
  return Array.from({ length: MAX_CURVE_POINTS }, (_, i) => {
    const [s, l] = curve[Math.round(i * stride)];
    return [s, l];
  });
}
