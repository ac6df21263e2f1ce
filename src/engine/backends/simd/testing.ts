/**
 * Tests' helpers for the app's WebAssembly kernels: seeded values, the relative error wasmKernels.test.ts
 * measures, and one op run on the cpu backend and on wasm with the checks every kernel test makes.
 */
import * as tf from '@tensorflow/tfjs';
import type { BackendWasm } from '@tensorflow/tfjs-backend-wasm';
import { expect } from 'vitest';
import { appKernelTasksRun, SimdRuntime } from './runtime';

/** max|a−b| / max|b| over the reference's entries, as wasmKernels.test.ts measures. */
export const RELATIVE_TOLERANCE = 1e-4;
export const GENERATED_CASES = 40;

export function seededValues(count: number, seed: number): Float32Array {
  let state = seed >>> 0;
  return Float32Array.from({ length: count }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  });
}

export function relativeError(actual: ArrayLike<number>, expected: ArrayLike<number>): number {
  expect(actual.length).toBe(expected.length);
  let maxDiff = 0;
  let maxRef = 1e-12;
  for (let i = 0; i < expected.length; i++) {
    maxDiff = Math.max(maxDiff, Math.abs(actual[i] - expected[i]));
    maxRef = Math.max(maxRef, Math.abs(expected[i]));
  }
  return maxDiff / maxRef;
}

export function runtime(): SimdRuntime {
  const rt = SimdRuntime.of(tf.backend() as BackendWasm);
  if (!rt) throw new Error("The app's kernels did not start on wasm.");
  return rt;
}

/**
 * Runs `op` on the cpu backend and on wasm, and returns both results after checking that the wasm run
 * took the app's kernels (tasks ran), freed every scratch buffer and left no tensor data behind.
 */
export async function onBoth(op: () => tf.Tensor, appPath = true): Promise<{ wasm: Float32Array; cpu: Float32Array }> {
  await tf.setBackend('cpu');
  const reference = tf.tidy(op);
  const cpu = (await reference.data()) as Float32Array;
  reference.dispose();
  return { wasm: await onWasm(op, appPath), cpu };
}

/** Runs `op` on wasm with the same checks as onBoth, without the cpu reference. */
export async function onWasm(op: () => tf.Tensor, appPath = true): Promise<Float32Array> {
  await tf.setBackend('wasm');
  const tasksBefore = appKernelTasksRun();
  const dataBefore = tf.engine().backend.numDataIds();
  const result = tf.tidy(op);
  const wasm = (await result.data()) as Float32Array;
  result.dispose();
  if (appPath) expect(appKernelTasksRun(), "the app's kernels ran").toBeGreaterThan(tasksBefore);
  expect(tf.engine().backend.numDataIds(), 'no tensor data left behind').toBe(dataBefore);
  expect(runtime().scratchInUse, 'every scratch buffer freed').toBe(0);
  return wasm;
}

export function tensor(shape: number[], seed: number): tf.Tensor {
  return tf.tensor(seededValues(tf.util.sizeFromShape(shape), seed), shape);
}

