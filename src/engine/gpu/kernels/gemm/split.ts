/**
 * How a product's long sum is shared between workgroups: where its outputs fill too few workgroups to
 * keep a GPU busy (a filter gradient: a few hundred outputs, each a sum over every pixel of the batch),
 * the steps of the sum are split into ranges, each workgroup adds its range into a partial sum, and a
 * second kernel adds the partials up (reduce.ts).
 */
import { cutSteps, K_OF, pieceCounts, type GemmSpec } from './spec';

/** The shortest run of k a split-off partial sum covers: shorter ones cost more in partials than they save. */
const MIN_SPLIT_K = 256;

export interface SplitPlan {
  /** The product, its steps cut finer where it had too few to split. */
  spec: GemmSpec;
  /** Ranges of steps (1: no split), and steps per range. */
  splits: number;
  chunk: number;
  /** Floats of partial sums (0 without a split). */
  scratchFloats: number;
}

/** The split for a product tiled into `tiles` workgroups, aiming at `targetWorkgroups` in all. */
export function splitFor(spec: GemmSpec, tiles: number, targetWorkgroups: number): SplitPlan {
  const K = K_OF(spec);
  const wanted = Math.max(1, Math.min(Math.floor(K / MIN_SPLIT_K), Math.ceil(targetWorkgroups / tiles)));
  let cut = spec;
  if (wanted > 1 && spec.KO < wanted) {
    // Too few steps to split: cut each into the fewest pieces that give enough.
    const pieces = pieceCounts(spec.KI, Math.ceil(wanted / spec.KO) * 4).find((p) => spec.KO * p >= wanted) ?? 1;
    cut = cutSteps(spec, pieces);
  }
  const chunk = Math.max(1, Math.ceil(cut.KO / Math.max(1, Math.min(wanted, cut.KO))));
  const splits = Math.max(1, Math.ceil(cut.KO / chunk));
  return { spec: cut, splits, chunk, scratchFloats: splits > 1 ? splits * spec.M * spec.N : 0 };
}
