import { describe, expect, it } from 'vitest';
import { defaultLabWorkload, parseLabWorkload, parseSizeList, powersOfTwo } from './labSettings';

describe('lab settings', () => {
  it('lists powers of two inclusive and nothing for a bad range', () => {
    expect(powersOfTwo(32, 256)).toEqual([32, 64, 128, 256]);
    expect(powersOfTwo(64, 64)).toEqual([64]);
    expect(powersOfTwo(256, 32)).toEqual([]);
    expect(powersOfTwo(30, 256)).toEqual([]);
  });

  it('defaults to the classic CNN at batch 64 with warm-up excluded', () => {
    expect(defaultLabWorkload()).toEqual({ model: 'classic', dataset: 'mnist', batchSize: 64, seed: 42, warmupSteps: 2, measuredSteps: 10 });
  });

  it('parses form strings and refuses a zero warm-up or a single measured step', () => {
    expect(parseLabWorkload({ model: 'tiny', batchSize: '16', warmupSteps: '1', measuredSteps: '3' }).workload).toMatchObject({ model: 'tiny', batchSize: 16, warmupSteps: 1, measuredSteps: 3 });
    const { errors } = parseLabWorkload({ warmupSteps: '0', measuredSteps: '1' });
    expect(errors.map((e) => e.key).sort()).toEqual(['measuredSteps', 'warmupSteps']);
  });

  it('reads a size list as a power-of-two range or as explicit values', () => {
    expect(parseSizeList('32..256')).toEqual([32, 64, 128, 256]);
    expect(parseSizeList(' 100, 16,16 ')).toEqual([16, 100]);
    expect(parseSizeList('32..30')).toBeNull();
    expect(parseSizeList('16,abc')).toBeNull();
    expect(parseSizeList('0')).toBeNull();
  });
});
