import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCrossover, matmulFlops, matmulPoint, type ThroughputPoint } from './matmulSweep';

const SIZES = [8, 16, 32, 64];

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('matmulPoint on the cpu backend', () => {
  it('counts 2·n³ FLOPs', () => {
    expect(matmulFlops(8)).toBe(1024);
    expect(matmulFlops(64)).toBe(524_288);
  });

  it('returns finite, positive, consistent timings and leaves no tensors behind', async () => {
    const before = tf.memory().numTensors;
    for (const size of SIZES) {
      const point = await matmulPoint(size, { warmup: 1, runs: 5 });
      expect(point.size).toBe(size);
      expect(point.backend).toBe('cpu');
      expect(point.flops).toBe(2 * size ** 3);
      expect(point.readBackBytes).toBe(size * size * 4);
      for (const value of [point.medianMs, point.p90Ms, point.minMs, point.gflops]) {
        expect(Number.isFinite(value)).toBe(true);
        expect(value).toBeGreaterThan(0);
      }
      expect(point.minMs).toBeLessThanOrEqual(point.medianMs);
      expect(point.medianMs).toBeLessThanOrEqual(point.p90Ms);
      expect(point.gflops).toBeCloseTo(point.flops / (point.medianMs * 1e6), 9);
      expect(tf.memory().numTensors).toBe(before);
    }
  });

  it('rejects nonsense options without leaking', async () => {
    const before = tf.memory().numTensors;
    await expect(matmulPoint(0, { warmup: 0, runs: 1 })).rejects.toThrow(/size/);
    await expect(matmulPoint(8, { warmup: 0, runs: 0 })).rejects.toThrow(/runs/);
    expect(tf.memory().numTensors).toBe(before);
  });
});

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
