import { describe, expect, it } from 'vitest';
import type { BackendName } from '../../config/backends';
import { isOutOfMemoryError, runSweep, type SweepHooks } from './sweepScheduler';
import { english } from '../../i18n/testing/english';

/** Messages as tfjs, browsers and runtimes phrase them. */
const OOM_MESSAGES = [
  'Requested texture size [16384x32768] greater than WebGL maximum on this browser / GPU [16384x16384].',
  'WebGL Error: OUT_OF_MEMORY',
  'Failed to allocate 1073741824 bytes',
  'GPUValidationError: Buffer size (1600000000) exceeds the max buffer size limit (1073741824).\n - While calling [Device].CreateBuffer([BufferDescriptor]).',
  'Binding size (2147483648) is larger than the maximum storage buffer binding size (134217728).',
  'Array buffer allocation failed',
  'Aborted(OOM)',
  'Cannot enlarge memory, requested 4294967296 bytes',
];
const OTHER_MESSAGES = [
  "Kernel 'Conv2DBackpropFilter' not registered for backend 'wasm'",
  'Requested texture size [0x0] is invalid.',
  'Error in matMul: inner shapes (3) and (4) of Tensors with shapes 2,3 and 4,2 must match.',
  'ZOOMED', // "OOM" inside a word is not a sign
  "Failed to execute 'mapAsync' on 'GPUBuffer': [Invalid Buffer (unlabeled)] is invalid due to a previous error.", // cause unknown: see webgpuErrors.ts
];

describe('isOutOfMemoryError', () => {
  it.each(OOM_MESSAGES)('recognises %s', (message) => {
    expect(isOutOfMemoryError(new Error(message))).toBe(true);
  });

  it.each(OTHER_MESSAGES)('does not flag %s', (message) => {
    expect(isOutOfMemoryError(new Error(message))).toBe(false);
  });

  it('looks at error class names, plain strings, non-Error objects and causes', () => {
    class GPUOutOfMemoryError {
      readonly message = '';
    }
    expect(isOutOfMemoryError(new GPUOutOfMemoryError())).toBe(true);
    expect(isOutOfMemoryError('out of memory')).toBe(true);
    expect(isOutOfMemoryError({ message: 'Out of memory' })).toBe(true);
    expect(isOutOfMemoryError(new Error('step failed', { cause: new Error('WebGL Error: OUT_OF_MEMORY') }))).toBe(true);
    expect(isOutOfMemoryError(undefined)).toBe(false);
    expect(isOutOfMemoryError(42)).toBe(false);
  });
});

/** Records hook calls in order; cancels once `cancelAfterPoints` points have completed. */
function recorder<T>(cancelAfterPoints = Infinity) {
  const events: string[] = [];
  let points = 0;
  const hooks: SweepHooks<T> = {
    onPoint: (backend, value) => {
      points++;
      events.push(`point ${backend} ${value}`);
    },
    onBackendStopped: (backend, value, reason) => events.push(`stopped ${backend} ${value}: ${english(reason)}`),
    isCancelled: () => points >= cancelAfterPoints,
  };
  return { events, hooks };
}

describe('runSweep', () => {
  const backends: BackendName[] = ['cpu', 'webgl', 'webgpu'];

  it('runs backends in the given order and values ascending, reporting each point', async () => {
    const calls: string[] = [];
    const { events, hooks } = recorder<number>();
    const outcome = await runSweep({ backends: ['webgl', 'cpu'], values: [256, 64, 128] }, async (backend, value) => {
      calls.push(`${backend} ${value}`);
      return value * 2;
    }, hooks);
    expect(calls).toEqual(['webgl 64', 'webgl 128', 'webgl 256', 'cpu 64', 'cpu 128', 'cpu 256']);
    expect(events).toEqual(calls.map((c) => `point ${c}`));
    expect(outcome.results.map((r) => r.result)).toEqual([128, 256, 512, 128, 256, 512]);
    expect(outcome).toMatchObject({ stops: [], cancelled: false });
  });

  it('stops only the backend that runs out of memory, and the next backend still runs', async () => {
    const { events, hooks } = recorder<string>();
    const outcome = await runSweep(
      { backends, values: [1024, 2048, 4096, 8192], valueLabel: 'batch' },
      async (backend, value) => {
        if (backend === 'webgl' && value >= 4096) throw new Error('Requested texture size [8192x20480] greater than WebGL maximum on this browser / GPU [16384x16384].');
        return `${backend}@${value}`;
      },
      hooks,
    );
    expect(outcome.results.filter((r) => r.backend === 'webgl').map((r) => r.value)).toEqual([1024, 2048]);
    expect(outcome.results.filter((r) => r.backend === 'webgpu').map((r) => r.value)).toEqual([1024, 2048, 4096, 8192]);
    expect(outcome.stops).toEqual([
      { backend: 'webgl', value: 4096, kind: 'out-of-memory', reason: expect.objectContaining({ id: 'engine.lab.outOfMemoryAt' }) },
    ]);
    expect(events.filter((e) => e.startsWith('stopped'))).toHaveLength(1);
    expect(english(outcome.stops[0].reason)).toMatch(/^WebGL: out of memory at batch 4096 \(Requested texture size/);
    expect(events.indexOf('stopped webgl 4096: ' + english(outcome.stops[0].reason))).toBeLessThan(events.indexOf('point webgpu 1024'));
  });

  it('reports other errors with their message and goes on with the next backend', async () => {
    const { hooks } = recorder<number>();
    const outcome = await runSweep({ backends: ['wasm', 'cpu'], values: [32, 64], valueLabel: 'batch' }, async (backend, value) => {
      if (backend === 'wasm') throw new Error("Kernel 'Conv2DBackpropFilter' not registered for backend 'wasm'\n    at stack line");
      return value;
    }, hooks);
    expect(outcome.stops).toMatchObject([{ backend: 'wasm', value: 32, kind: 'error' }]);
    expect(english(outcome.stops[0].reason)).toBe("WebAssembly SIMD: stopped at batch 32: Kernel 'Conv2DBackpropFilter' not registered for backend 'wasm'");
    expect(outcome.results.map((r) => `${r.backend} ${r.value}`)).toEqual(['cpu 32', 'cpu 64']);
  });

  it('stops everything between points once cancelled', async () => {
    const { events, hooks } = recorder<number>(3);
    let calls = 0;
    const outcome = await runSweep({ backends, values: [1, 2] }, async () => ++calls, hooks);
    expect(calls).toBe(3);
    expect(events).toEqual(['point cpu 1', 'point cpu 2', 'point webgl 1']);
    expect(outcome.cancelled).toBe(true);
    expect(outcome.results).toHaveLength(3);
  });

  it('runs nothing when cancelled before the first point', async () => {
    const { hooks } = recorder<number>(0);
    let calls = 0;
    const outcome = await runSweep({ backends, values: [1] }, async () => ++calls, hooks);
    expect(calls).toBe(0);
    expect(outcome).toEqual({ results: [], stops: [], cancelled: true });
  });
});
