import { describe, expect, it } from 'vitest';
import type { RaceRow } from '../engine/protocol/lab';
import { speedUp, withSpeedUps } from './speedUps';

function row(backend: RaceRow['backend'], examplesPerSec: number): RaceRow {
  return {
    backend,
    modelLabel: 'Tiny CNN',
    batchSize: 32,
    warmupSteps: 1,
    firstStepMs: 100,
    medianStepMs: 32_000 / examplesPerSec,
    p90StepMs: 0,
    minStepMs: 0,
    maxStepMs: 0,
    measuredSteps: 3,
    examplesPerSec,
    gflops: 0,
    peakBytes: 0,
    gpuBytes: null,
    numTensors: 0,
    flags: {},
  };
}

describe('speed-up over the CPU', () => {
  it('divides throughputs and is null without a usable baseline', () => {
    expect(speedUp({ examplesPerSec: 500 }, { examplesPerSec: 50 })).toBe(10);
    expect(speedUp({ examplesPerSec: 500 }, undefined)).toBeNull();
    expect(speedUp({ examplesPerSec: 500 }, { examplesPerSec: 0 })).toBeNull();
    expect(speedUp({ examplesPerSec: NaN }, { examplesPerSec: 5 })).toBeNull();
  });

  it('ranks every row of a race against its cpu row, whatever the order', () => {
    const ranked = withSpeedUps([row('webgpu', 800), row('cpu', 100), row('webgl', 50)]);
    expect(ranked.map((r) => [r.backend, r.speedUpVsCpu])).toEqual([
      ['webgpu', 8],
      ['cpu', 1],
      ['webgl', 0.5],
    ]);
  });

  it('leaves speed-ups empty until the cpu row exists', () => {
    expect(withSpeedUps([row('webgl', 300)]).map((r) => r.speedUpVsCpu)).toEqual([null]);
  });
});

describe('speed-up over the fast CPU', () => {
  it('ranks every row against the wasm row as well, labelled apart from the plain-JS one', () => {
    const ranked = withSpeedUps([row('cpu', 10), row('wasm', 200), row('webgl', 800)]);
    expect(ranked.map((r) => [r.backend, r.speedUpVsCpu, r.speedUpVsWasm])).toEqual([
      ['cpu', 1, 0.05],
      ['wasm', 20, 1],
      ['webgl', 80, 4],
    ]);
  });
});
