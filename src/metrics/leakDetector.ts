import { msg, type Message } from '../i18n/message';

/** Raises an alarm when the live tensor count grows across several consecutive sync windows. */
export class LeakDetector {
  private last: number | null = null;
  private growths = 0;
  private alarmed = false;

  constructor(private readonly consecutiveGrowths: number) {}

  /** Returns a warning the first time growth persists; warm-up points only set the baseline. */
  observe(numTensors: number, warmup: boolean): Message | null {
    const previous = this.last;
    this.last = numTensors;
    if (warmup || previous === null) return null;
    this.growths = numTensors > previous ? this.growths + 1 : 0;
    if (this.growths >= this.consecutiveGrowths && !this.alarmed) {
      this.alarmed = true;
      return msg('engine.train.leak', { windows: this.growths, tensors: numTensors });
    }
    return null;
  }
}
