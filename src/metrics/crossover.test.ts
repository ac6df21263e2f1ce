import { describe, expect, it } from 'vitest';
import { findCrossover, type ThroughputPoint } from './crossover';

const points = (gflopsBySize: Record<number, number>): ThroughputPoint[] =>
  Object.entries(gflopsBySize).map(([size, gflops]) => ({ size: Number(size), gflops }));

describe('findCrossover', () => {
  const cpu = points({ 64: 10, 128: 10, 256: 10, 512: 10 });

  it('is null when the GPU never wins', () => {
    expect(findCrossover(cpu, points({ 64: 1, 128: 2, 256: 5, 512: 9 }))).toBeNull();
  });

  it('is the first size when the GPU wins throughout', () => {
    expect(findCrossover(cpu, points({ 64: 11, 128: 20, 256: 40, 512: 80 }))).toBe(64);
  });

  it('is the size where the GPU takes the lead for good', () => {
    expect(findCrossover(cpu, points({ 64: 1, 128: 5, 256: 30, 512: 90 }))).toBe(256);
    expect(findCrossover(cpu, points({ 64: 1, 128: 12, 256: 9, 512: 90 }))).toBe(512);
  });

  it('is null when the GPU wins then loses, and a tie is not a win', () => {
    expect(findCrossover(cpu, points({ 64: 1, 128: 20, 256: 30, 512: 3 }))).toBeNull();
    expect(findCrossover(cpu, points({ 64: 1, 128: 20, 256: 30, 512: 10 }))).toBeNull();
  });

  it('compares only sizes both sweeps measured, in size order', () => {
    const gpuStoppedEarly = points({ 256: 30, 64: 1, 128: 20 }); // 512 missing: out of memory
    expect(findCrossover(cpu, gpuStoppedEarly)).toBe(128);
    expect(findCrossover(cpu, [])).toBeNull();
  });
});
