/**
 * Whether backends learn the same: the parity check's loss curves compared step by step against a
 * reference backend (the plain-JS CPU where it ran), with a verdict in one sentence.
 */
import { BACKEND_LABELS, PLAIN_CPU, type BackendName } from '../config/backends';
import type { ParityCurve } from '../engine/protocol/lab';

/**
 * Largest relative loss difference still called agreement. Two correct float32 backends add the
 * same products in different orders (tiled GPU matmuls, SIMD lanes), so each op differs in its
 * last digits (~1e-7 relative) and training amplifies that a little each step: over tens of Adam
 * steps the losses drift apart by about 1e-5 to 1e-3 of their value. A wrong or missing gradient
 * kernel, or 16-bit arithmetic where 32 was meant, moves the loss by far more than 1 % within a
 * few steps, so 1 % separates the two.
 */
export const PARITY_TOLERANCE = 0.01;
/** Losses this close to zero are compared absolutely, so a vanishing loss cannot make noise look large. */
const LOSS_FLOOR = 1e-3;

export interface ParityStep {
  step: number;
  /** Largest |loss − reference loss| / |reference loss| over the other backends; Infinity where a loss is not finite. */
  maxRelativeDiff: number;
  /** The backend furthest from the reference at this step; null when only the reference ran. */
  worst: BackendName | null;
}

export interface ParityReport {
  reference: BackendName;
  steps: ParityStep[];
  /** The largest difference over every step. */
  worst: ParityStep | null;
  /** First step past the tolerance, or null when every step agrees. */
  firstDivergence: ParityStep | null;
  agree: boolean;
  tolerance: number;
  sentence: string;
}

function relative(value: number, reference: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(reference)) return Infinity;
  return Math.abs(value - reference) / Math.max(Math.abs(reference), LOSS_FLOOR);
}

const percent = (x: number) => (Number.isFinite(x) ? `${(x * 100).toPrecision(2)}%` : 'not a number');

/** Compares every curve with the reference step by step; null when fewer than two backends ran. */
export function parityReport(curves: readonly ParityCurve[], tolerance = PARITY_TOLERANCE): ParityReport | null {
  if (curves.length < 2) return null;
  const ref = curves.find((c) => c.backend === PLAIN_CPU) ?? curves[0];
  const others = curves.filter((c) => c !== ref);
  const stepCount = Math.max(...curves.map((c) => c.losses.length));
  const steps: ParityStep[] = [];
  for (let i = 0; i < stepCount; i++) {
    let worst: ParityStep = { step: i + 1, maxRelativeDiff: 0, worst: null };
    for (const curve of others) {
      const diff = relative(curve.losses[i] ?? NaN, ref.losses[i] ?? NaN);
      if (worst.worst === null || diff > worst.maxRelativeDiff) worst = { step: i + 1, maxRelativeDiff: diff, worst: curve.backend };
    }
    steps.push(worst);
  }
  const overall = steps.reduce<ParityStep | null>((a, s) => (a === null || s.maxRelativeDiff > a.maxRelativeDiff ? s : a), null);
  const firstDivergence = steps.find((s) => !(s.maxRelativeDiff <= tolerance)) ?? null;
  const agree = firstDivergence === null;
  const names = curves.map((c) => BACKEND_LABELS[c.backend]);
  const refName = BACKEND_LABELS[ref.backend];
  const sentence = agree
    ? `All ${curves.length} backends (${names.join(', ')}) agree within ${percent(tolerance)} at every one of ${stepCount} steps; the largest difference, ${percent(overall?.maxRelativeDiff ?? 0)} at step ${overall?.step} (${BACKEND_LABELS[overall?.worst ?? ref.backend]} against ${refName}), is float32 arithmetic in another order, not a bug.`
    : `${BACKEND_LABELS[firstDivergence.worst ?? ref.backend]} departs from ${refName} at step ${firstDivergence.step} (${percent(firstDivergence.maxRelativeDiff)}, more than the ${percent(tolerance)} that reordered float32 sums explain): it does not learn the same, which points to a kernel that computes something else.`;
  return { reference: ref.backend, steps, worst: overall, firstDivergence, agree, tolerance, sentence };
}
