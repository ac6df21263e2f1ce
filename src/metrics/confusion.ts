/** Confusion matrix of a classifier on labelled examples, and the pairs of classes it mixes up most. */

/** counts[actual][predicted]: how many examples of class `actual` were classified as `predicted`. */
export type ConfusionCounts = number[][];

export interface ConfusedPair {
  actual: number;
  predicted: number;
  count: number;
  /** count over the examples of class `actual`, 0..1. */
  rate: number;
}

export function confusionMatrix(labels: ArrayLike<number>, predicted: ArrayLike<number>, classes: number): ConfusionCounts {
  if (labels.length !== predicted.length) throw new RangeError(`${labels.length} labels but ${predicted.length} predictions`);
  const counts = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  for (let i = 0; i < labels.length; i++) {
    const a = labels[i];
    const p = predicted[i];
    if (!Number.isInteger(a) || !Number.isInteger(p) || a < 0 || p < 0 || a >= classes || p >= classes) {
      throw new RangeError(`Example ${i}: class ${a} predicted as ${p} is outside 0..${classes - 1}`);
    }
    counts[a][p] += 1;
  }
  return counts;
}

export function totalOf(counts: ConfusionCounts): number {
  return counts.reduce((s, row) => s + row.reduce((r, c) => r + c, 0), 0);
}

/** Share of examples on the diagonal; null without examples. */
export function accuracyOf(counts: ConfusionCounts): number | null {
  const total = totalOf(counts);
  return total === 0 ? null : counts.reduce((s, row, i) => s + row[i], 0) / total;
}

/** Per class: share of its examples classified correctly; null for a class without examples. */
export function perClassAccuracy(counts: ConfusionCounts): (number | null)[] {
  return counts.map((row, i) => {
    const total = row.reduce((s, c) => s + c, 0);
    return total === 0 ? null : row[i] / total;
  });
}

/** The `k` largest off-diagonal cells with at least one example: most examples first, then by actual and predicted class. */
export function worstPairs(counts: ConfusionCounts, k: number): ConfusedPair[] {
  const pairs: ConfusedPair[] = [];
  counts.forEach((row, actual) => {
    const rowTotal = row.reduce((s, c) => s + c, 0);
    row.forEach((count, predicted) => {
      if (predicted !== actual && count > 0) pairs.push({ actual, predicted, count, rate: count / rowTotal });
    });
  });
  pairs.sort((a, b) => b.count - a.count || a.actual - b.actual || a.predicted - b.predicted);
  return pairs.slice(0, k);
}

/** The indices of the first `k` examples of class `actual` classified as `predicted`. */
export function pairExamples(labels: ArrayLike<number>, predicted: ArrayLike<number>, pair: Pick<ConfusedPair, 'actual' | 'predicted'>, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < labels.length && out.length < k; i++) if (labels[i] === pair.actual && predicted[i] === pair.predicted) out.push(i);
  return out;
}
