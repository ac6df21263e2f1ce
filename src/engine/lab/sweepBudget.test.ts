import { describe, expect, it } from 'vitest';
import { PointBudget, TimeBudgetExceeded } from './sweepBudget';
import { englishError } from '../../i18n/testing/english';

describe('PointBudget', () => {
  it('always lets the first point of a backend run', () => {
    const budget = new PointBudget(1, 3);
    expect(budget.predict('cpu', 2048)).toBeNull();
    expect(() => budget.check('cpu', 2048)).not.toThrow();
  });

  it('scales the previous point of the same backend by (value ratio)^exponent', () => {
    const budget = new PointBudget(10_000, 3);
    budget.record('cpu', 512, 1_000);
    expect(budget.predict('cpu', 1024)).toBe(8_000);
    expect(() => budget.check('cpu', 1024)).not.toThrow();
    expect(budget.predict('webgl', 1024)).toBeNull();
  });

  it('refuses a point predicted over budget, saying how long it would take', () => {
    const budget = new PointBudget(10_000, 3);
    budget.record('cpu', 1024, 8_000);
    let thrown: unknown;
    try {
      budget.check('cpu', 2048);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(TimeBudgetExceeded);
    expect((thrown as TimeBudgetExceeded).predictedMs).toBe(64_000);
    expect(englishError(thrown)).toBe('it would take about 64 s, over the 10 s budget per point');
  });

  it('grows linearly with exponent 1 (batch sweeps)', () => {
    const budget = new PointBudget(5_000, 1);
    budget.record('webgpu', 64, 2_000);
    expect(budget.predict('webgpu', 128)).toBe(4_000);
    expect(() => budget.check('webgpu', 256)).toThrow(TimeBudgetExceeded);
  });
});
