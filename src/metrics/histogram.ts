/**
 * The numbers of a TensorBoard HistogramProto from raw values: min, max, count, sum, sum of squares and buckets.
 * Buckets follow tf.summary.histogram (30 equal-width buckets from min to max); the proto stores each bucket's
 * right edge ("limit"), and TensorBoard takes the first bucket's left edge from min. Rules:
 *  - only finite values count: NaN and ±Infinity (a diverged weight) are left out, and `num` counts what is kept;
 *  - no finite values: min = max = 0, num = 0, one bucket [limit 0, count 0]. TensorBoard 2.21 reads an all-empty
 *    histogram as zero buckets either way; older releases paired [min, …limits] with the limits and broke on none;
 *  - all values equal (v): one bucket [limit v, count n];
 *  - otherwise bucket i covers [min + i·w, min + (i+1)·w) with w = (max − min) / 30, the last one closed at max
 *    (its limit is max exactly, not a sum that rounding moved).
 */

export const HISTOGRAM_BUCKETS = 30;

export interface Histogram {
  min: number;
  max: number;
  num: number;
  sum: number;
  sumSquares: number;
  /** Right edge of each bucket, ascending; the last one is max. */
  bucketLimits: number[];
  /** How many values fell in each bucket; sums to num. */
  buckets: number[];
}

export function histogramOf(values: ArrayLike<number>, bucketCount = HISTOGRAM_BUCKETS): Histogram {
  let min = Infinity;
  let max = -Infinity;
  let num = 0;
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    num++;
    sum += v;
    sumSquares += v * v;
  }
  if (num === 0) return { min: 0, max: 0, num: 0, sum: 0, sumSquares: 0, bucketLimits: [0], buckets: [0] };
  const width = (max - min) / bucketCount;
  // All equal, or a range too small (subnormal) or too wide (overflows) to split: one bucket holds everything.
  if (!(width > 0 && Number.isFinite(width))) return { min, max, num, sum, sumSquares, bucketLimits: [max], buckets: [num] };
  const bucketLimits = Array.from({ length: bucketCount }, (_, i) => (i === bucketCount - 1 ? max : min + (i + 1) * width));
  const buckets = new Array<number>(bucketCount).fill(0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) continue;
    buckets[Math.min(bucketCount - 1, Math.floor((v - min) / width))]++;
  }
  return { min, max, num, sum, sumSquares, bucketLimits, buckets };
}
