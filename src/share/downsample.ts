/**
 * Curve reduction for shared results. Largest-Triangle-Three-Buckets (Steinarsson 2013) keeps,
 * per bucket, the point that spans the largest triangle with its neighbours: spikes (the
 * first-step compile time, a loss blow-up) survive, where stride sampling drops them; every
 * output point is a real measurement (min/max buckets would also keep extremes but double the
 * points and zig-zag); first and last points are always kept.
 */

export type Point = [x: number, y: number];

/** Keeps at most `max` points of `points` (sorted by x), first and last included. */
export function downsample(points: readonly Point[], max: number): Point[] {
  const limit = Math.max(2, Math.floor(max));
  if (points.length <= limit) return points.map(([x, y]) => [x, y]);
  const out: Point[] = [[points[0][0], points[0][1]]];
  const bucketSize = (points.length - 2) / (limit - 2);
  let previous = points[0];
  for (let bucket = 0; bucket < limit - 2; bucket++) {
    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, points.length);
    // The next bucket's mean stands in for the point not yet chosen there (the last point for the last bucket).
    let meanX = 0;
    let meanY = 0;
    const nextStart = Math.min(end, points.length - 1);
    const nextCount = Math.max(1, nextEnd - nextStart);
    for (let i = nextStart; i < nextStart + nextCount; i++) {
      meanX += points[i][0];
      meanY += points[i][1];
    }
    meanX /= nextCount;
    meanY /= nextCount;
    let best = start;
    let bestArea = -1;
    for (let i = start; i < end; i++) {
      const area = Math.abs((previous[0] - meanX) * (points[i][1] - previous[1]) - (previous[0] - points[i][0]) * (meanY - previous[1]));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    previous = points[best];
    out.push([previous[0], previous[1]]);
  }
  const last = points[points.length - 1];
  out.push([last[0], last[1]]);
  return out;
}

/** Rounds to `digits` significant digits (shorter JSON, better compression); non-finite values pass through. */
export function roundSignificant(value: number, digits: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(digits));
}
