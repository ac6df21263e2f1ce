/**
 * Adam's state as TensorFlow.js 4.22 keeps it (AdamOptimizer's private fields), read and written
 * exactly: its own setWeights recomputes the bias-correction powers as beta^(t+1), which is not
 * bitwise the running product applyGradients keeps, so a restored run would drift from the run it
 * continues. adamState.test.ts fails if a TensorFlow.js update moves these fields.
 */
import * as tf from '@tensorflow/tfjs';

interface MomentSlot {
  originalName: string;
  variable: tf.Variable;
}

/** The fields of tf.AdamOptimizer this module reads and writes. */
interface AdamInternals {
  accBeta1: tf.Variable;
  accBeta2: tf.Variable;
  accumulatedFirstMoment: MomentSlot[];
  accumulatedSecondMoment: MomentSlot[];
  iterations_?: number;
}

function internals(optimizer: tf.Optimizer): AdamInternals {
  const raw = optimizer as unknown as Partial<AdamInternals>;
  if (!(raw.accBeta1 instanceof tf.Variable) || !(raw.accBeta2 instanceof tf.Variable) || !Array.isArray(raw.accumulatedFirstMoment) || !Array.isArray(raw.accumulatedSecondMoment)) {
    throw new Error('This optimizer is not the TensorFlow.js Adam whose state checkpoints know how to read.');
  }
  return raw as AdamInternals;
}

/** Every tensor Adam holds: its two moments per variable (once it has stepped) and its two bias-correction scalars. */
export function adamTensors(optimizer: tf.Optimizer): tf.Tensor[] {
  const adam = internals(optimizer);
  return [adam.accBeta1, adam.accBeta2, ...adam.accumulatedFirstMoment.map((m) => m.variable), ...adam.accumulatedSecondMoment.map((m) => m.variable)];
}

/** Adam's state for the variables `variables`, in their order; moments are absent before the first step. */
export interface AdamSnapshot {
  iterations: number;
  accBeta1: Float32Array;
  accBeta2: Float32Array;
  /** Per variable, in the order given: first and second moment values, or null before the first step. */
  moments: { m: Float32Array; v: Float32Array }[] | null;
}

function momentFor(slots: MomentSlot[], variable: tf.Variable, suffix: 'm' | 'v'): tf.Variable {
  const slot = slots.find((s) => s.originalName === `${variable.name}/${suffix}`);
  if (!slot) throw new Error(`Adam has no ${suffix === 'm' ? 'first' : 'second'} moment for ${variable.name}.`);
  return slot.variable;
}

/** Reads Adam's state back from the device (one read per tensor). */
export async function readAdamState(optimizer: tf.Optimizer, variables: readonly tf.Variable[]): Promise<AdamSnapshot> {
  const adam = internals(optimizer);
  const stepped = adam.accumulatedFirstMoment.length > 0;
  const read = async (t: tf.Tensor) => Float32Array.from(await t.data());
  const moments = stepped
    ? await Promise.all(
        variables.map(async (variable) => ({
          m: await read(momentFor(adam.accumulatedFirstMoment, variable, 'm')),
          v: await read(momentFor(adam.accumulatedSecondMoment, variable, 'v')),
        })),
      )
    : null;
  return { iterations: adam.iterations_ ?? 0, accBeta1: await read(adam.accBeta1), accBeta2: await read(adam.accBeta2), moments };
}

/**
 * Writes a snapshot into a fresh Adam for `variables` (same shapes, same order as when it was read),
 * so the next applyGradients continues bit for bit where the snapshot's run left off. The moments'
 * order must be the order the gradients will come in: the step passes the same variable list.
 */
export function writeAdamState(optimizer: tf.Optimizer, variables: readonly tf.Variable[], snapshot: AdamSnapshot): void {
  const adam = internals(optimizer);
  if (adam.accumulatedFirstMoment.length > 0) throw new Error('Adam state can only be written into an optimizer that has not stepped yet.');
  if (snapshot.moments && snapshot.moments.length !== variables.length) {
    throw new Error(`The checkpoint has Adam moments for ${snapshot.moments.length} variables; this model has ${variables.length}.`);
  }
  tf.tidy(() => {
    adam.accBeta1.assign(tf.tensor(snapshot.accBeta1, [], 'float32'));
    adam.accBeta2.assign(tf.tensor(snapshot.accBeta2, [], 'float32'));
  });
  adam.iterations_ = snapshot.iterations;
  if (!snapshot.moments) return;
  const slot = (variable: tf.Variable, values: Float32Array, suffix: 'm' | 'v'): MomentSlot => {
    if (values.length !== variable.size) throw new Error(`Adam's ${suffix} for ${variable.name} has ${values.length} values; the variable has ${variable.size}.`);
    return { originalName: `${variable.name}/${suffix}`, variable: tf.tidy(() => tf.variable(tf.tensor(values, variable.shape, 'float32'), false)) };
  };
  adam.accumulatedFirstMoment = variables.map((variable, i) => slot(variable, (snapshot.moments ?? [])[i].m, 'm'));
  adam.accumulatedSecondMoment = variables.map((variable, i) => slot(variable, (snapshot.moments ?? [])[i].v, 'v'));
}
