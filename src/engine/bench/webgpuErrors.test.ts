import { describe, expect, it } from 'vitest';
import { isOutOfMemoryError } from './sweepScheduler';
import { currentWebGpuDevice, withWebGpuErrorScopes, type ErrorScopeDevice } from './webgpuErrors';

const INVALID_BUFFER = "Failed to execute 'mapAsync' on 'GPUBuffer': [Invalid Buffer (unlabeled)] is invalid due to a previous error.";

/** Error scopes as a stack, like GPUDevice: errors raised while scopes are pushed land in the innermost of their filter. */
function fakeDevice(raised: { filter: GPUErrorFilter; message: string }[]) {
  const scopes: { filter: GPUErrorFilter; error: GPUError | null }[] = [];
  const device: ErrorScopeDevice & { raise(): void; depth(): number } = {
    pushErrorScope: (filter) => void scopes.push({ filter, error: null }),
    popErrorScope: async () => {
      const scope = scopes.pop();
      if (!scope) throw new Error('popErrorScope with no scope pushed');
      return scope.error;
    },
    raise: () => {
      for (const { filter, message } of raised) {
        const scope = [...scopes].reverse().find((s) => s.filter === filter);
        if (scope && !scope.error) scope.error = { message } as GPUError;
      }
    },
    depth: () => scopes.length,
  };
  return device;
}

describe('withWebGpuErrorScopes', () => {
  it('runs fn unchanged without a WebGPU device (Node, other backends)', async () => {
    expect(currentWebGpuDevice()).toBeUndefined();
    await expect(withWebGpuErrorScopes(async () => 7)).resolves.toBe(7);
    await expect(withWebGpuErrorScopes(async () => Promise.reject(new Error('plain')))).rejects.toThrow('plain');
  });

  it('replaces a vague read-back failure with the validation error behind it', async () => {
    const device = fakeDevice([{ filter: 'validation', message: 'Buffer size (1600000000) exceeds the max buffer size limit (1073741824).' }]);
    const run = withWebGpuErrorScopes(async () => {
      device.raise();
      throw new Error(INVALID_BUFFER);
    }, device);
    const error = await run.then(() => null, (e: unknown) => e as Error);
    expect(error?.message).toBe('GPUValidationError: Buffer size (1600000000) exceeds the max buffer size limit (1073741824).');
    expect((error?.cause as Error).message).toBe(INVALID_BUFFER);
    expect(isOutOfMemoryError(error)).toBe(true);
    expect(device.depth()).toBe(0);
  });

  it('reports an out-of-memory scope error first, even when fn itself succeeded', async () => {
    const device = fakeDevice([
      { filter: 'out-of-memory', message: 'Out of memory while allocating 4 GiB' },
      { filter: 'validation', message: 'invalid bind group' },
    ]);
    const run = withWebGpuErrorScopes(async () => {
      device.raise();
      return 'looked fine';
    }, device);
    await expect(run).rejects.toThrow(/^GPUOutOfMemoryError: Out of memory/);
    expect(device.depth()).toBe(0);
  });

  it('passes results and errors through when the scopes stay clean', async () => {
    const device = fakeDevice([]);
    await expect(withWebGpuErrorScopes(async () => 'ok', device)).resolves.toBe('ok');
    await expect(withWebGpuErrorScopes(async () => Promise.reject(new Error('shape mismatch')), device)).rejects.toThrow('shape mismatch');
    expect(device.depth()).toBe(0);
  });
});
