import * as tf from '@tensorflow/tfjs';

/** The slice of GPUDevice this module uses, so a fake can stand in under Node. */
export type ErrorScopeDevice = Pick<GPUDevice, 'pushErrorScope' | 'popErrorScope'>;

/** The tfjs WebGPU backend's device, or undefined on any other backend. */
export function currentWebGpuDevice(): ErrorScopeDevice | undefined {
  if (tf.getBackend() !== 'webgpu') return undefined;
  return (tf.backend() as unknown as { device?: GPUDevice }).device;
}

/**
 * Runs fn inside WebGPU error scopes. tfjs never checks GPU errors: a buffer over maxBufferSize
 * only surfaces later as "mapAsync … [Invalid Buffer] is invalid due to a previous error". This
 * rethrows the real cause ("GPUOutOfMemoryError: …", "GPUValidationError: Buffer size … exceeds
 * the max buffer size limit …") with fn's own error as `cause`. Without a device it just runs fn.
 */
export async function withWebGpuErrorScopes<T>(fn: () => Promise<T>, device: ErrorScopeDevice | undefined = currentWebGpuDevice()): Promise<T> {
  if (!device) return fn();
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let outcome: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await fn() };
  } catch (error) {
    outcome = { ok: false, error };
  }
  const validation = await device.popErrorScope();
  const outOfMemory = await device.popErrorScope();
  const cause = outcome.ok ? undefined : { cause: outcome.error };
  if (outOfMemory) throw new Error(`GPUOutOfMemoryError: ${outOfMemory.message}`, cause);
  if (validation) throw new Error(`GPUValidationError: ${validation.message}`, cause);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
