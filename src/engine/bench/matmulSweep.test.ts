import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { matmulFlops, matmulPoint } from './matmulSweep';

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
