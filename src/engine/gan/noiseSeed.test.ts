import { describe, expect, it } from 'vitest';
import { NOISE_STREAM, noiseSeed } from './noiseSeed';

describe('noise seeds', () => {
  it('are a pure function of (run seed, stream, draw)', () => {
    expect(noiseSeed(42, NOISE_STREAM.training, 5)).toBe(noiseSeed(42, NOISE_STREAM.training, 5));
  });

  it('differ across draws, streams and run seeds, as unsigned 32-bit integers', () => {
    const seeds = [
      ...Array.from({ length: 100 }, (_, draw) => noiseSeed(42, NOISE_STREAM.training, draw)),
      noiseSeed(42, NOISE_STREAM.preview, 0),
      noiseSeed(43, NOISE_STREAM.training, 0),
      noiseSeed(0, NOISE_STREAM.training, 0),
    ];
    expect(new Set(seeds).size).toBe(seeds.length);
    for (const seed of seeds) {
      expect(Number.isInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(0);
      expect(seed).toBeLessThan(2 ** 32);
    }
  });
});
