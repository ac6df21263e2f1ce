/**
 * A continued run's prior curves: the saved run's per-step scalars, by the name the run's own points
 * carry them under (a CNN's `loss`; a GAN's `dLoss` and `gLoss`), read from its checkpoint's summary.
 * The page draws them dimmed before the run's own points, and its TensorBoard log and shared result
 * begin those scalars with them. Pure.
 */
import { readCheckpointHeader, type CheckpointHeader } from '../engine/protocol/checkpointFormat';

/** [step, value]. */
export type CurvePoint = readonly [number, number];

/** Curves by the scalar name a run's metrics points use. */
export type PriorCurves = Readonly<Record<string, readonly CurvePoint[]>>;

export const NO_PRIOR: PriorCurves = {};

/** The curves a checkpoint's summary keeps, by scalar name. */
export function priorCurvesOf(header: CheckpointHeader): PriorCurves {
  const { summary } = header;
  return 'curve' in summary ? { loss: summary.curve } : { dLoss: summary.dLossCurve, gLoss: summary.gLossCurve };
}

/** The curves of a checkpoint file (untrusted bytes); none for a file the validator refuses. Never throws. */
export function priorCurvesOfFile(bytes: ArrayBuffer): PriorCurves {
  const reading = readCheckpointHeader(bytes);
  return reading.ok ? priorCurvesOf(reading.checkpoint) : NO_PRIOR;
}

/** The prior points of `scalar` before a run's own first step `firstStep`, finite values only. */
export function priorBefore(prior: PriorCurves | undefined, scalar: string, firstStep: number): CurvePoint[] {
  return (prior?.[scalar] ?? []).filter(([step, value]) => step < firstStep && Number.isFinite(value));
}
