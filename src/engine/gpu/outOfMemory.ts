/**
 * Makes a plan's buffers inside WebGPU error scopes: a device that cannot hold them answers with an
 * out-of-memory (or a validation error for a buffer past maxBufferSize), which becomes an error whose
 * text the run's out-of-memory handling recognises ("GPUOutOfMemoryError: …"), not a later, opaque failure.
 */
export async function createBuffersChecked<T>(device: GPUDevice, make: () => T): Promise<T> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let made: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    made = { ok: true, value: make() };
  } catch (error) {
    made = { ok: false, error };
  }
  const validation = await device.popErrorScope();
  const outOfMemory = await device.popErrorScope();
  if (outOfMemory) throw new Error(`GPUOutOfMemoryError: ${outOfMemory.message}`);
  if (validation) throw new Error(`GPUValidationError: ${validation.message}`);
  if (!made.ok) throw made.error;
  return made.value;
}
