/**
 * The ReLU gradient as one kernel on the wasm backend. TensorFlow.js computes it as mul(dy, cast(step(x)))
 * (three kernels, three passes over the activations); PlaygroundReluGrad does it in one pass
 * (wasm/kernels/elementwise.ts). Gradients are registered per kernel for every backend, so the
 * replacement keeps TensorFlow.js's own formula wherever the app's kernels do not run.
 */
import * as tf from '@tensorflow/tfjs';
import { getKernel, Relu, registerGradient, registerKernel, type GradConfig, type KernelFunc } from '@tensorflow/tfjs-core';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { reluGrad } from './otherKernels';
import { SimdRuntime } from './runtime';
import { float32Inputs } from './tensors';

export const RELU_GRAD_KERNEL = 'PlaygroundReluGrad';
const BACKEND = 'wasm';

const reluGradKernel: KernelFunc = ({ inputs, backend }) => {
  const t = float32Inputs(inputs, 'dy', 'x');
  const rt = SimdRuntime.of(backend as BackendWasm);
  const out = rt && t ? reluGrad(rt, t.dy, t.x) : null;
  if (!out) throw new Error(`${RELU_GRAD_KERNEL}: needs the app's WebAssembly kernels and float32 inputs of one shape.`);
  return out;
};

function fusedHere(dy: tf.Tensor, x: tf.Tensor): boolean {
  if (tf.getBackend() !== BACKEND || dy.dtype !== 'float32' || x.dtype !== 'float32' || !getKernel(RELU_GRAD_KERNEL, BACKEND)) return false;
  return SimdRuntime.of(tf.backend() as BackendWasm) !== null;
}

const reluGradConfig: GradConfig = {
  kernelName: Relu,
  inputsToSave: ['x'],
  gradFunc: (dy, saved) => {
    const [x] = saved;
    const grad = dy as tf.Tensor;
    return { x: () => (fusedHere(grad, x) ? (tf.engine().runKernel(RELU_GRAD_KERNEL, { dy: grad, x }) as tf.Tensor) : tf.mul(grad, tf.cast(tf.step(x), 'float32'))) };
  },
};

export function registerReluGradient(): void {
  if (!getKernel(RELU_GRAD_KERNEL, BACKEND)) registerKernel({ kernelName: RELU_GRAD_KERNEL, backendName: BACKEND, kernelFunc: reluGradKernel });
  registerGradient(reluGradConfig);
}
