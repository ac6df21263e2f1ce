import { describe, expect, it } from 'vitest';
import type { RaceRow } from './labProtocol';
import { speedUp, summarizeSteps, withSpeedUps } from './stepStats';

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

describe('summarizeSteps', () => {
  it('takes median, p90, min and max of the measured steps and derives throughput from the median', () => {
    const stats = summarizeSteps(900, [40, 10, 20, 30, 1000], 64, 2e9);
    expect(stats).toMatchObject({ firstStepMs: 900, medianStepMs: 30, minStepMs: 10, maxStepMs: 1000, measuredSteps: 5 });
    expect(stats.p90StepMs).toBeCloseTo(616, 6); // linear interpolation between 40 and 1000
    expect(stats.examplesPerSec).toBeCloseTo((64 * 1000) / 30, 9);
    expect(stats.gflops).toBeCloseTo(2e9 / (30 * 1e6), 9);
  });

  it('refuses an empty list of steps', () => {
    expect(() => summarizeSteps(1, [], 1, 1)).toThrow(/No measured steps/);
  });
});

describe('speed-up over the CPU', () => {
  it('divides throughputs and is null without a usable baseline', () => {
    expect(speedUp({ examplesPerSec: 500 }, { examplesPerSec: 50 })).toBe(10);
    expect(speedUp({ examplesPerSec: 500 }, undefined)).toBeNull();
    expect(speedUp({ examplesPerSec: 500 }, { examplesPerSec: 0 })).toBeNull();
    expect(speedUp({ examplesPerSec: NaN }, { examplesPerSec: 5 })).toBeNull();
  });

  it('ranks every row of a race against its cpu row, whatever the order', () => {
    const ranked = withSpeedUps([row('webgpu', 800), row('cpu', 100), row('webgl', 50)]);
    expect(ranked.map((r) => [r.backend, r.speedUp])).toEqual([
      ['webgpu', 8],
      ['cpu', 1],
      ['webgl', 0.5],
    ]);
  });

  it('leaves speed-ups empty until the cpu row exists', () => {
    expect(withSpeedUps([row('webgl', 300)]).map((r) => r.speedUp)).toEqual([null]);
  });
});
