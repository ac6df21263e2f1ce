import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GpuArena } from './arena';
import { LINEAR } from './kernels/activation';
import { NetworkPass, readNetwork } from './network';
import { resolveParts } from './parts';
import { GEMM_CANDIDATE_IDS } from './kernels/gemm/candidates';
import { deviceFacts } from './kernels/gemm/types';
import { forcedChoice } from './tuning/forced';
import { relativeError } from './bench/candidateCheck';
import { KernelCompiler, replay } from './program';
import { dawnDevice, readBack } from './testing/dawn';

/** Uniform values in [-1, 1) from a seed, as a plain array. */
function values(count: number, seed: number): Float32Array {
  return tf.tidy(() => tf.randomUniform([count], -1, 1, 'float32', seed).dataSync() as Float32Array);
}

/** A model with every layer kind and activation the engine has, small enough for the cpu backend. */
function mixedModel(): tf.Sequential {
  return tf.sequential({
    layers: [
      tf.layers.conv2d({ name: 'c1', inputShape: [9, 9, 2], filters: 3, kernelSize: 3, activation: 'relu' }),
      tf.layers.maxPooling2d({ name: 'p1', poolSize: 2 }),
      tf.layers.conv2d({ name: 'c2', filters: 4, kernelSize: 2 }),
      tf.layers.leakyReLU({ name: 'l1', alpha: 0.1 }),
      tf.layers.flatten({ name: 'f1' }),
      tf.layers.dense({ name: 'd1', units: 5, activation: 'tanh' }),
      tf.layers.dense({ name: 'd2', units: 6, activation: 'sigmoid' }),
      tf.layers.dense({ name: 'd3', units: 3 }),
    ],
  });
}

/** Strides, 'same' padding and transposed convolutions (the DCGAN's layers), at odd sizes so every phase and edge is met. */
function stridedModel(): tf.Sequential {
  return tf.sequential({
    layers: [
      tf.layers.conv2d({ name: 's1', inputShape: [9, 9, 2], filters: 3, kernelSize: 3, strides: 2, padding: 'same', activation: 'relu' }),
      tf.layers.conv2d({ name: 's2', filters: 4, kernelSize: 2, padding: 'same' }),
      tf.layers.conv2dTranspose({ name: 't1', filters: 3, kernelSize: 3, strides: 2, padding: 'same' }),
      tf.layers.leakyReLU({ name: 'l2', alpha: 0.2 }),
      tf.layers.conv2dTranspose({ name: 't2', filters: 2, kernelSize: 2, padding: 'valid', activation: 'tanh' }),
      tf.layers.conv2d({ name: 's3', filters: 2, kernelSize: 5, strides: 3 }),
      tf.layers.flatten({ name: 'f2' }),
      tf.layers.dense({ name: 'd4', units: 3 }),
    ],
  });
}

const MODELS = { mixed: { build: mixedModel, layers: ['c1', 'p1', 'c2', 'f1', 'd1', 'd2', 'd3'] }, strided: { build: stridedModel, layers: ['s1', 's2', 't1', 't2', 's3', 'f2', 'd4'] } };
const CASES = GEMM_CANDIDATE_IDS.flatMap((id) => (Object.keys(MODELS) as (keyof typeof MODELS)[]).map((model) => [id, model] as const));

describe('the engine network on WebGPU (Dawn in Node) against TensorFlow.js on cpu', () => {
  let device: GPUDevice;
  beforeAll(async () => {
    await tf.setBackend('cpu');
    device = await dawnDevice();
  });

  it.each(CASES)('gives the same outputs, weight gradients and input gradient for every layer kind (%s products, %s model)', async (id, name) => {
    const model = MODELS[name].build();
    const batch = 3;
    const reading = readNetwork(model);
    if ('refused' in reading) throw new Error('refused');
    const { network } = reading;
    expect(network.layers.map((l) => l.name)).toEqual(MODELS[name].layers);
    expect(network.paramCount).toBe(model.countParams());

    const inputValues = values(batch * 9 * 9 * 2, 1);
    const upstream = values(batch * 3, 2);
    // TensorFlow.js: loss = Σ output · upstream, so the gradient by the output is `upstream`.
    const x = tf.tensor4d(inputValues, [batch, 9, 9, 2]);
    const r = tf.tensor2d(upstream, [batch, 3]);
    const weights = model.trainableWeights.map((w) => w.read() as tf.Variable);
    const { value: out, grads } = tf.variableGrads(() => tf.sum(tf.mul(model.apply(x) as tf.Tensor, r)) as tf.Scalar, weights);
    const dx = tf.grad((input: tf.Tensor) => tf.sum(tf.mul(model.apply(input) as tf.Tensor, r)))(x);
    const expectedOut = (model.apply(x) as tf.Tensor).dataSync();

    const arena = new GpuArena(device);
    const buffer = (kind: 'weights' | 'gradients' | 'activations', floats: number) => arena.buffer(kind, kind, floats * 4);
    const params = buffer('weights', network.paramCount);
    const gradBuffer = buffer('gradients', network.paramCount);
    const input = buffer('activations', inputValues.length);
    const inputGrad = buffer('gradients', inputValues.length);
    const pass = new NetworkPass(network, { batch, input, inputActivation: LINEAR, inputGrad, params, grads: gradBuffer }, arena, 'test');
    const flat = new Float32Array(network.paramCount);
    network.weights.forEach((slot, i) => flat.set(model.weights[i].read().dataSync(), slot.offset));
    device.queue.writeBuffer(params, 0, flat);
    device.queue.writeBuffer(input, 0, inputValues);
    device.queue.writeBuffer(pass.outputGrad, 0, upstream);
    const compiler = new KernelCompiler(device);
    const [forward, backward] = resolveParts([pass.forward(), pass.backward()], arena, 'test', forcedChoice(id, deviceFacts(device)));
    const dispatches = compiler.compileAll([...forward, ...backward]);
    const encoder = device.createCommandEncoder();
    const computePass = encoder.beginComputePass();
    replay(computePass, dispatches);
    computePass.end();
    device.queue.submit([encoder.finish()]);

    expect(relativeError(await readBack(device, pass.output, batch * 3), expectedOut)).toBeLessThan(1e-5);
    const gotGrads = await readBack(device, gradBuffer, network.paramCount);
    network.weights.forEach((slot) => {
      const variable = model.weights.find((w) => w.originalName === slot.name)?.read() as tf.Variable;
      const expected = grads[variable.name].dataSync();
      expect(relativeError(gotGrads.subarray(slot.offset, slot.offset + slot.size), expected), slot.name).toBeLessThan(1e-5);
    });
    expect(relativeError(await readBack(device, inputGrad, inputValues.length), dx.dataSync())).toBeLessThan(1e-5);
    arena.destroy();
    tf.dispose([x, r, out, dx, ...Object.values(grads)]);
    model.dispose();
  });
});
