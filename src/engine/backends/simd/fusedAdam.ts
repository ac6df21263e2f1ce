/**
 * Adam in one kernel call per variable on the wasm backend. tf.AdamOptimizer runs 15 kernels per variable
 * per step (each a JS dispatch and a pass over memory); PlaygroundAdam does the same float32 operations
 * in the same order in one pass (wasm/kernels/elementwise.ts), so the weights and moments are bitwise
 * those of tf.AdamOptimizer. Elsewhere (cpu, webgl, webgpu, or wasm without the app's kernels) the
 * optimizer is tf.AdamOptimizer itself. Its state lives in the same fields, so checkpoints
 * (checkpoints/adamState.ts) read and write it unchanged.
 */
import * as tf from '@tensorflow/tfjs';
import { getKernel, registerKernel, type KernelFunc, type NamedAttrMap } from '@tensorflow/tfjs-core';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { SimdRuntime, workOf } from './runtime';
import { adamTask } from './tasks';
import { float32Inputs, offsetOf } from './tensors';

export const FUSED_ADAM_KERNEL = 'PlaygroundAdam';
const BACKEND = 'wasm';

interface AdamKernelAttrs {
  beta1: number;
  beta2: number;
  epsilon: number;
  learningRate: number;
}

const fusedAdamKernel: KernelFunc = ({ inputs, backend, attrs }) => {
  const t = float32Inputs(inputs, 'variable', 'm', 'v', 'grad', 'accBeta1', 'accBeta2');
  const rt = SimdRuntime.of(backend as BackendWasm);
  if (!rt || !t) throw new Error(`${FUSED_ADAM_KERNEL}: needs the app's WebAssembly kernels and float32 inputs.`);
  // The engine passes exactly the attrs applyGradients gives below.
  const { beta1, beta2, epsilon, learningRate } = attrs as unknown as AdamKernelAttrs;
  const outputs = [t.variable, t.m, t.v].map((input) => rt.backend.makeOutput(input.shape, 'float32'));
  rt.run(adamTask({
    variable: offsetOf(rt, t.variable), m: offsetOf(rt, t.m), v: offsetOf(rt, t.v), grad: offsetOf(rt, t.grad),
    newVariable: offsetOf(rt, outputs[0]), newM: offsetOf(rt, outputs[1]), newV: offsetOf(rt, outputs[2]),
    count: tf.util.sizeFromShape(t.variable.shape), accBeta1: offsetOf(rt, t.accBeta1), accBeta2: offsetOf(rt, t.accBeta2),
    beta1, beta2, epsilon, learningRate,
  }), workOf({ elements: 4 * tf.util.sizeFromShape(t.variable.shape) }));
  return outputs;
};

export function registerFusedAdam(): void {
  if (!getKernel(FUSED_ADAM_KERNEL, BACKEND)) registerKernel({ kernelName: FUSED_ADAM_KERNEL, backendName: BACKEND, kernelFunc: fusedAdamKernel });
}

interface MomentSlot {
  originalName: string;
  variable: tf.Variable;
}

/** tf.AdamOptimizer's private and protected fields this class reads (adamState.test.ts watches them too). */
interface AdamFields {
  learningRate: number;
  beta1: number;
  beta2: number;
  epsilon: number;
  accBeta1: tf.Variable;
  accBeta2: tf.Variable;
  accumulatedFirstMoment: MomentSlot[];
  accumulatedSecondMoment: MomentSlot[];
}

/** True when the active backend is wasm with the app's kernels running. */
function fusedHere(): boolean {
  if (tf.getBackend() !== BACKEND || !getKernel(FUSED_ADAM_KERNEL, BACKEND)) return false;
  return SimdRuntime.of(tf.backend() as BackendWasm) !== null;
}

export class FusedAdamOptimizer extends tf.AdamOptimizer {
  override applyGradients(variableGradients: Parameters<tf.AdamOptimizer['applyGradients']>[0]): void {
    if (!fusedHere()) return super.applyGradients(variableGradients);
    const self = this as unknown as AdamFields;
    const names = Array.isArray(variableGradients) ? variableGradients.map((v) => v.name) : Object.keys(variableGradients);
    const attrs: AdamKernelAttrs = { beta1: self.beta1, beta2: self.beta2, epsilon: self.epsilon, learningRate: self.learningRate };
    tf.tidy(() => {
      names.forEach((name, i) => {
        const value = tf.engine().registeredVariables[name];
        // The moments are made as tf.AdamOptimizer makes them: same names, same order, not trainable.
        self.accumulatedFirstMoment[i] ??= { originalName: `${name}/m`, variable: tf.tidy(() => tf.zerosLike(value).variable(false)) };
        self.accumulatedSecondMoment[i] ??= { originalName: `${name}/v`, variable: tf.tidy(() => tf.zerosLike(value).variable(false)) };
        const grad = Array.isArray(variableGradients) ? variableGradients[i].tensor : variableGradients[name];
        if (grad == null) return;
        const m = self.accumulatedFirstMoment[i].variable;
        const v = self.accumulatedSecondMoment[i].variable;
        const inputs = { variable: value, m, v, grad, accBeta1: self.accBeta1, accBeta2: self.accBeta2 };
        const [newValue, newM, newV] = tf.engine().runKernel(FUSED_ADAM_KERNEL, inputs, attrs as unknown as NamedAttrMap) as tf.Tensor[];
        m.assign(newM);
        v.assign(newV);
        value.assign(newValue);
      });
      self.accBeta1.assign(tf.mul(self.accBeta1, self.beta1));
      self.accBeta2.assign(tf.mul(self.accBeta2, self.beta2));
    });
    this.incrementIterations();
  }
}
