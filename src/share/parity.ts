/**
 * Whether backends learn the same: the parity check's loss curves, one per lane (a backend, and on
 * WebGPU its engine), compared step by step against a reference lane (the plain-JS CPU where it ran),
 * and the verdict in one sentence (paritySentence).
 */
import { PLAIN_CPU } from '../config/backends';
import { askedLaneIdOf, laneIdMessage, type LaneId } from '../config/lanes';
import type { ParityCurve } from '../engine/protocol/lab';
import type { Translator } from '../i18n/translator';

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
  /** Largest |loss − reference loss| / |reference loss| over the other lanes; Infinity where a loss is not finite. */
  maxRelativeDiff: number;
  /** The lane furthest from the reference at this step; null when only the reference ran. */
  worst: LaneId | null;
}

export interface ParityReport {
  /** Every lane compared, in the order of the curves. */
  lanes: LaneId[];
  reference: LaneId;
  steps: ParityStep[];
  /** The largest difference over every step. */
  worst: ParityStep | null;
  /** First step past the tolerance, or null when every step agrees. */
  firstDivergence: ParityStep | null;
  agree: boolean;
  tolerance: number;
}

function relative(value: number, reference: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(reference)) return Infinity;
  return Math.abs(value - reference) / Math.max(Math.abs(reference), LOSS_FLOOR);
}

/** "1.0%", or "not a number" for a lost loss. */
export function parityPercent(x: number, t: Translator): string {
  return Number.isFinite(x) ? `${(x * 100).toPrecision(2)}%` : t.t('lab.value.notANumber');
}

/** Compares every curve with the reference step by step; null when fewer than two lanes ran. */
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
      if (worst.worst === null || diff > worst.maxRelativeDiff) worst = { step: i + 1, maxRelativeDiff: diff, worst: askedLaneIdOf(curve) };
    }
    steps.push(worst);
  }
  const overall = steps.reduce<ParityStep | null>((a, s) => (a === null || s.maxRelativeDiff > a.maxRelativeDiff ? s : a), null);
  const firstDivergence = steps.find((s) => !(s.maxRelativeDiff <= tolerance)) ?? null;
  const agree = firstDivergence === null;
  return { lanes: curves.map(askedLaneIdOf), reference: askedLaneIdOf(ref), steps, worst: overall, firstDivergence, agree, tolerance };
}

/** The verdict in one sentence, in the translator's language: agreement and its largest difference, or where a backend departs. */
export function paritySentence(report: ParityReport, t: Translator): string {
  const { reference, steps, worst: overall, firstDivergence, tolerance } = report;
  const name = (lane: LaneId) => t.say(laneIdMessage(lane));
  const percent = (x: number) => parityPercent(x, t);
  if (firstDivergence === null) {
    return t.t('lab.parity.agree', {
      count: report.lanes.length,
      names: report.lanes.map(name).join(t.t('lab.list.separator')),
      tolerance: percent(tolerance),
      steps: steps.length,
      largest: percent(overall?.maxRelativeDiff ?? 0),
      step: overall?.step ?? 1,
      worst: name(overall?.worst ?? reference),
      reference: name(reference),
    });
  }
  return t.t('lab.parity.diverge', {
    worst: name(firstDivergence.worst ?? reference),
    reference: name(reference),
    step: firstDivergence.step,
    diff: percent(firstDivergence.maxRelativeDiff),
    tolerance: percent(tolerance),
  });
}
