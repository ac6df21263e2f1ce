/** Summary statistics for step timings. Percentiles use linear interpolation between closest ranks. */

export interface Summary {
  count: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  p90: number;
  /** Sample standard deviation (n - 1), 0 for fewer than two values. */
  stdDev: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty list');
  if (p < 0 || p > 100) throw new Error(`percentile ${p} is outside 0..100`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('summary of an empty list');
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance =
    values.length > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1) : 0;
  return {
    count: values.length,
    min: Math.min(...values),
    max: Math.max(...values),
    mean,
    median: median(values),
    p90: percentile(values, 90),
    stdDev: Math.sqrt(variance),
  };
}
