/**
 * Every candidate product kernel against a reference on the device at hand, at a model's real shapes: the
 * network's forward and backward passes from the same random weights, input and output gradient, in each
 * candidate (forced wherever it fits, the reference elsewhere), and the largest difference of the output,
 * the weights' gradients and the input's gradient relative to the reference's largest value. For GPUs nobody
 * here can see: the GPU machine's run prints it beside the engine's speed (scripts/gpu/onDevice.ts).
 */
import type * as tf from '@tensorflow/tfjs';
import { GpuArena } from '../arena';
import { LINEAR } from '../kernels/activation';
import { GEMM_CANDIDATES } from '../kernels/gemm/candidates';
import { deviceFacts, type GemmCandidate } from '../kernels/gemm/types';
import { NetworkPass, readNetwork } from '../network';
import { resolveParts } from '../parts';
import { KernelCompiler, replay } from '../program';
import { readBuffers } from '../readback';
import { forcedChoice } from '../tuning/forced';

export interface CandidateCheck {
  id: string;
  /** Products of the model it ran (the others ran the reference). */
  products: number;
  /** Largest |candidate − reference| over the output, weight gradients and input gradient, over the largest |reference|; null if it failed. */
  relativeError: number | null;
  failure?: string;
}

/** Uniform values in [-1, 1) from a seed (a small LCG: the same on every machine). */
function values(count: number, seed: number): Float32Array {
  const out = new Float32Array(count);
  let state = seed >>> 0;
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = state / 2 ** 31 - 1;
  }
  return out;
}

/** Largest |a − b| over the largest |b| (b all zeros: the largest |a − b|). */
export function relativeError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < b.length; i++) {
    diff = Math.max(diff, Math.abs(a[i] - b[i]));
    scale = Math.max(scale, Math.abs(b[i]));
  }
  return diff / (scale || 1);
}

/** One forward and backward pass of `model` at `batch` with every product in `id`'s form; its output, weight gradients and input gradient. */
async function passIn(device: GPUDevice, model: tf.LayersModel, batch: number, candidate: GemmCandidate | string, reference: string): Promise<{ outputs: Float32Array[]; products: number }> {
  const reading = readNetwork(model);
  if ('refused' in reading) throw new Error(`${model.name}: the engine cannot read it.`);
  const { network } = reading;
  const inputFloats = batch * network.inputShape.reduce((a, b) => a * b, 1);
  const outputFloats = batch * network.outputShape.reduce((a, b) => a * b, 1);
  const arena = new GpuArena(device);
  try {
    const floats = (kind: 'weights' | 'gradients' | 'activations', count: number) => arena.buffer(kind, kind, count * 4);
    const params = floats('weights', network.paramCount);
    const grads = floats('gradients', network.paramCount);
    const input = floats('activations', inputFloats);
    const inputGrad = floats('gradients', inputFloats);
    const pass = new NetworkPass(network, { batch, input, inputActivation: LINEAR, inputGrad, params, grads }, arena, 'check');
    device.queue.writeBuffer(params, 0, values(network.paramCount, 1).map((v) => v * 0.2));
    device.queue.writeBuffer(input, 0, values(inputFloats, 2));
    device.queue.writeBuffer(pass.outputGrad, 0, values(outputFloats, 3));
    const facts = deviceFacts(device);
    const choice = forcedChoice(candidate, facts, forcedChoice(reference, facts));
    const id = typeof candidate === 'string' ? candidate : candidate.id;
    const groups = [pass.forward(), pass.backward()];
    const products = groups.flat().filter((part) => 'gemm' in part && choice(part.gemm).id === id).length;
    const [forward, backward] = resolveParts(groups, arena, 'check', choice);
    device.pushErrorScope('internal');
    device.pushErrorScope('validation');
    const dispatches = new KernelCompiler(device).compileAll([...forward, ...backward]);
    const encoder = device.createCommandEncoder();
    const computePass = encoder.beginComputePass();
    replay(computePass, dispatches);
    computePass.end();
    device.queue.submit([encoder.finish()]);
    const error = (await device.popErrorScope()) ?? (await device.popErrorScope());
    if (error) throw new Error(error.message);
    const outputs = await readBuffers(device, [
      { buffer: pass.output, bytes: outputFloats * 4 },
      { buffer: grads, bytes: network.paramCount * 4 },
      { buffer: inputGrad, bytes: inputFloats * 4 },
    ]);
    return { outputs, products };
  } finally {
    arena.destroy();
  }
}

/** Each candidate of the table against `reference` on `model` at `batch`, in table order. */
export async function checkCandidates(device: GPUDevice, model: tf.LayersModel, batch: number, reference = 'legacy-direct', candidates: readonly GemmCandidate[] = GEMM_CANDIDATES): Promise<CandidateCheck[]> {
  const expected = (await passIn(device, model, batch, reference, reference)).outputs;
  const out: CandidateCheck[] = [];
  for (const candidate of candidates) {
    const id = candidate.id;
    try {
      const { outputs, products } = await passIn(device, model, batch, candidate, reference);
      out.push({ id, products, relativeError: Math.max(...outputs.map((o, i) => relativeError(o, expected[i]))) });
    } catch (err) {
      out.push({ id, products: 0, relativeError: null, failure: err instanceof Error ? err.message.split('\n')[0] : String(err) });
    }
  }
  return out;
}
