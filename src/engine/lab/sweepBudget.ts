import type { BackendName } from '../../config/backends';
import { msg, MessageError } from '../../i18n/message';

const MS_PER_SECOND = 1000;

/** Thrown before a sweep point that would take longer than the budget: ends that backend's sweep. */
export class TimeBudgetExceeded extends MessageError {
  constructor(
    readonly predictedMs: number,
    readonly budgetMs: number,
  ) {
    super(msg('engine.lab.overBudget', { predicted: Math.round(predictedMs / MS_PER_SECOND), budget: Math.round(budgetMs / MS_PER_SECOND) }));
    this.name = 'TimeBudgetExceeded';
  }
}

/**
 * Predicts each sweep point's time from the same backend's previous point, assuming time grows as
 * value^exponent (matrix multiply: size³; training: batch¹), and refuses points over budget, so a
 * slow backend (plain-JS CPU at 2048×2048) does not hold a class up for minutes.
 */
export class PointBudget {
  private readonly last = new Map<BackendName, { value: number; ms: number }>();

  constructor(
    readonly budgetMs: number,
    private readonly exponent: number,
  ) {}

  predict(backend: BackendName, value: number): number | null {
    const previous = this.last.get(backend);
    if (!previous || previous.value <= 0) return null;
    return previous.ms * (value / previous.value) ** this.exponent;
  }

  /** Throws TimeBudgetExceeded when the prediction is over budget; the first point always runs. */
  check(backend: BackendName, value: number): void {
    const predicted = this.predict(backend, value);
    if (predicted !== null && predicted > this.budgetMs) throw new TimeBudgetExceeded(predicted, this.budgetMs);
  }

  record(backend: BackendName, value: number, ms: number): void {
    this.last.set(backend, { value, ms });
  }
}
