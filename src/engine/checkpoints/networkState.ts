/**
 * One network's training state (its weights and its Adam's exact state) as checkpoint tensors and
 * back, under the names a TensorNaming gives: a CNN's conv1/kernel and adam/m/conv1/kernel, a GAN
 * generator's generator/g_dense1/kernel and adam/generator/m/g_dense1/kernel. Plain data both ways.
 */
import { msg, MessageError } from '../../i18n/message';
import type { CheckpointTensor, TensorNaming } from '../protocol/checkpointFormat';
import type { AdamSnapshot } from './adamState';

/** A tensor read back from the device: its name in its model (conv1/kernel), shape and values. */
export interface NamedValues {
  name: string;
  shape: number[];
  values: Float32Array;
}

export interface NetworkState {
  /** The model's weights in model.weights order, by their layer-scoped names. */
  weights: NamedValues[];
  adam: AdamSnapshot;
}

const beta = (naming: TensorNaming, which: 1 | 2) => `${naming.adam}/accBeta${which}`;
const moment = (naming: TensorNaming, which: 'm' | 'v', weight: string) => `${naming.adam}/${which}/${weight}`;

/** The network's weights, then Adam's two bias-correction powers, then each weight's two moments (once Adam has stepped). */
export function networkTensors(state: NetworkState, naming: TensorNaming): CheckpointTensor[] {
  const { adam, weights } = state;
  if (adam.moments && adam.moments.length !== weights.length) {
    throw new Error(`Adam holds moments for ${adam.moments.length} variables, the model has ${weights.length} weights: only fully trainable models are saved.`);
  }
  const tensors: CheckpointTensor[] = weights.map((w) => ({ name: naming.weights + w.name, group: 'weights', shape: w.shape, values: w.values }));
  tensors.push({ name: beta(naming, 1), group: 'optimizer', shape: [], values: adam.accBeta1 }, { name: beta(naming, 2), group: 'optimizer', shape: [], values: adam.accBeta2 });
  adam.moments?.forEach((m, i) => {
    const w = weights[i];
    tensors.push({ name: moment(naming, 'm', w.name), group: 'optimizer', shape: w.shape, values: m.m }, { name: moment(naming, 'v', w.name), group: 'optimizer', shape: w.shape, values: m.v });
  });
  return tensors;
}

/** The network's state among a checkpoint's tensors; throws one sentence when its Adam tensors do not match its weights. */
export function networkStateOf(tensors: readonly CheckpointTensor[], naming: TensorNaming, iterations: number): NetworkState {
  const weights = tensors
    .filter((t) => t.group === 'weights' && t.name.startsWith(naming.weights))
    .map(({ name, shape, values }) => ({ name: name.slice(naming.weights.length), shape, values }));
  const optimizer = new Map(tensors.filter((t) => t.group === 'optimizer' && t.name.startsWith(`${naming.adam}/`)).map((t) => [t.name, t]));
  const scalar = (name: string): Float32Array => {
    const t = optimizer.get(name);
    if (!t || t.values.length !== 1) throw new MessageError(msg('engine.checkpoint.noScalar', { name }));
    return t.values;
  };
  let moments: AdamSnapshot['moments'] = null;
  if (optimizer.size === 2 + 2 * weights.length) {
    moments = weights.map((w) => {
      const read = (which: 'm' | 'v') => {
        const t = optimizer.get(moment(naming, which, w.name));
        if (!t || t.shape.join('x') !== w.shape.join('x')) {
          throw new MessageError(msg('engine.checkpoint.noMoment', { which, shape: `[${w.shape.join(', ')}]`, name: naming.weights + w.name }));
        }
        return t.values;
      };
      return { m: read('m'), v: read('v') };
    });
  } else if (optimizer.size !== 2) {
    throw new MessageError(msg('engine.checkpoint.optimizerCount', { count: optimizer.size, weights: weights.length, full: 2 + 2 * weights.length }));
  }
  return { weights, adam: { iterations, accBeta1: scalar(beta(naming, 1)), accBeta2: scalar(beta(naming, 2)), moments } };
}
