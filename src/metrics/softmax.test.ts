import { describe, expect, it } from 'vitest';
import { argMax, entropyBits, softmax, withTemperature } from './softmax';

const PROBS = [0.05, 0.6, 0.1, 0.05, 0.2];

describe('softmax temperature', () => {
  it('T = 1 leaves the distribution unchanged', () => {
    withTemperature(PROBS, 1).forEach((p, i) => expect(p).toBeCloseTo(PROBS[i], 12));
  });

  it('T → 0 gives one-hot on the most likely class', () => {
    expect(withTemperature(PROBS, 1e-3)).toEqual([0, 1, 0, 0, 0]);
    expect(withTemperature(PROBS, 0.1)[1]).toBeGreaterThan(0.99);
  });

  it('T → ∞ gives the uniform distribution', () => {
    for (const p of withTemperature(PROBS, 1e6)) expect(p).toBeCloseTo(1 / PROBS.length, 5);
  });

  it('flattens as T grows: entropy rises, the top class stays on top', () => {
    const temperatures = [0.1, 0.5, 1, 2, 5, 10];
    const entropies = temperatures.map((t) => entropyBits(withTemperature(PROBS, t)));
    expect(entropies).toEqual([...entropies].sort((a, b) => a - b));
    for (const t of temperatures) expect(argMax(withTemperature(PROBS, t))).toBe(1);
  });

  it('equals softmax of the logits divided by T', () => {
    const logits = [2, -1, 0.5, 3, 0];
    const probs = softmax(logits);
    for (const t of [0.3, 1, 4]) withTemperature(probs, t).forEach((p, i) => expect(p).toBeCloseTo(softmax(logits, t)[i], 10));
  });

  it('lifts an underflowed 0 at a high temperature', () => {
    expect(withTemperature([1, 0], 10)[1]).toBeGreaterThan(1e-5);
  });

  it('refuses a temperature that is not positive, and probabilities that are not', () => {
    expect(() => withTemperature(PROBS, 0)).toThrow(/positive/);
    expect(() => withTemperature(PROBS, Number.NaN)).toThrow(/positive/);
    expect(() => withTemperature([0.5, -0.1], 1)).toThrow(/non-negative/);
  });

  it('reports entropy and argmax plainly', () => {
    expect(entropyBits([1, 0, 0])).toBe(0);
    expect(entropyBits([0.25, 0.25, 0.25, 0.25])).toBeCloseTo(2, 12);
    expect(argMax([1, 3, 3])).toBe(1);
    expect(argMax([])).toBe(-1);
  });
});
