import { isGanCheckpoint, type Checkpoint, type CheckpointSummary, type CurvePoints, type GanCheckpointSummary } from '../protocol/checkpointFormat';
import type { EvalPoint } from '../protocol/training';

const copy = (curve: Readonly<CurvePoints>): CurvePoints => curve.map(([s, l]) => [s, l]);

/**
 * A run's summary as it goes, for its checkpoints: a CNN's loss curve and last evaluation, a GAN's
 * D and G loss curves; a continued run's earlier points first.
 */
export class RunSummary {
  private readonly curve: CurvePoints;
  private readonly dLossCurve: CurvePoints;
  private readonly gLossCurve: CurvePoints;
  private lastEval: CheckpointSummary['lastEval'] = null;
  private lastLoss: number | null = null;

  constructor(from: Checkpoint | null) {
    const gan = from && isGanCheckpoint(from) ? from.summary : null;
    const cnn = from && !isGanCheckpoint(from) ? from.summary : null;
    this.curve = copy(cnn?.curve ?? []);
    this.lastEval = cnn?.lastEval ?? null;
    this.lastLoss = cnn?.lastLoss ?? null;
    this.dLossCurve = copy(gan?.dLossCurve ?? []);
    this.gLossCurve = copy(gan?.gLossCurve ?? []);
  }

  /** A step's scalars: a CNN's loss, a GAN's dLoss and gLoss (a step training one network reports only its loss). */
  record(step: number, scalars: Readonly<Record<string, number | undefined>>): void {
    const add = (curve: CurvePoints, value: number | undefined): boolean => {
      if (value === undefined || !Number.isFinite(value)) return false;
      curve.push([step, value]);
      return true;
    };
    if (add(this.curve, scalars.loss)) this.lastLoss = scalars.loss ?? null;
    add(this.dLossCurve, scalars.dLoss);
    add(this.gLossCurve, scalars.gLoss);
  }

  /** A copy that later steps leave alone: what a held checkpoint keeps beside the state. */
  copy(): RunSummary {
    const copied = new RunSummary(null);
    copied.restore(this);
    return copied;
  }

  /** Becomes `other` (a held checkpoint's copy): a run resumed from it goes on from that checkpoint's curves. */
  restore(other: RunSummary): void {
    this.curve.splice(0, this.curve.length, ...copy(other.curve));
    this.dLossCurve.splice(0, this.dLossCurve.length, ...copy(other.dLossCurve));
    this.gLossCurve.splice(0, this.gLossCurve.length, ...copy(other.gLossCurve));
    this.lastEval = other.lastEval;
    this.lastLoss = other.lastLoss;
  }

  evaluated(point: EvalPoint): void {
    this.lastEval = { step: point.step, testLoss: point.testLoss, testAccuracy: point.testAccuracy };
  }

  /** A CNN run's summary. */
  get summary(): CheckpointSummary {
    return { lastLoss: this.lastLoss, lastEval: this.lastEval, curve: this.curve };
  }

  /** A GAN run's summary. */
  get ganSummary(): GanCheckpointSummary {
    return { dLossCurve: this.dLossCurve, gLossCurve: this.gLossCurve };
  }
}
