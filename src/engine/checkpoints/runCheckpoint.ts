/**
 * What a training run does with checkpoints: start from a saved model (continue training it), and
 * keep its own end state in the worker (LastRun) for the "Save model" and export jobs.
 */
import type { CnnRunConfig } from '../../config/cnnConfig';
import type { GanRunConfig } from '../../config/ganConfig';
import { GAN_MODEL_LABELS } from '../../config/models';
import { msg, MessageError } from '../../i18n/message';
import { exportGan, GAN_CHECK_EXAMPLES } from '../export/exportRun';
import type { EngineHost } from '../owner/host';
import type { GanWorkload } from '../workloads/ganWorkload';
import { requireRunConfig, type RunConfig } from '../../config/workloads';
import type { Checkpoint, CheckpointSummary } from '../protocol/checkpointFormat';
import type { EvalPoint } from '../protocol/training';
import { CnnWorkload } from '../workloads/cnnWorkload';
import type { TrainingWorkload } from '../workloads/types';
import type { KeptGan } from './lastRun';
import { assertFits, continuedConfig, requireCheckpoint } from './loadCheckpoint';
import { checkpointOf, stateOf } from './savedModel';

/** A train request's configuration and, when it continues a saved model, that model's checkpoint. */
export function readTrainRequest(request: { config: unknown; resume?: ArrayBuffer }): { config: RunConfig; resume: Checkpoint | null } {
  const asked = requireRunConfig(request.config);
  if (!request.resume) return { config: asked, resume: null };
  const resume = requireCheckpoint(request.resume);
  if (asked.workload !== 'cnn') throw new MessageError(msg('engine.checkpoint.onlyCnnContinues'));
  return { config: continuedConfig(resume.config, asked), resume };
}

/** Puts the saved state into the freshly built workload; returns the step the run continues from. */
export function continueFrom(workload: TrainingWorkload, checkpoint: Checkpoint): number {
  if (!(workload instanceof CnnWorkload)) throw new MessageError(msg('engine.checkpoint.onlyCnnContinues'));
  const { step } = checkpoint.progress;
  const { totalSteps, stepsPerEpoch } = workload.info;
  if (step >= totalSteps) {
    throw new MessageError(msg('engine.checkpoint.alreadyDone', { step, epochs: totalSteps / stepsPerEpoch }));
  }
  assertFits(workload.model, checkpoint);
  workload.restoreState(stateOf(checkpoint));
  return step;
}

/** The run's summary as it goes: its loss curve (a continued run's earlier points first) and last evaluation. */
export class RunSummary {
  private readonly curve: [number, number][];
  private lastEval: CheckpointSummary['lastEval'];
  private lastLoss: number | null;

  constructor(from: Checkpoint | null) {
    this.curve = from ? from.summary.curve.map(([s, l]) => [s, l]) : [];
    this.lastEval = from?.summary.lastEval ?? null;
    this.lastLoss = from?.summary.lastLoss ?? null;
  }

  loss(step: number, loss: number | undefined): void {
    if (loss === undefined || !Number.isFinite(loss)) return;
    this.curve.push([step, loss]);
    this.lastLoss = loss;
  }

  evaluated(point: EvalPoint): void {
    this.lastEval = { step: point.step, testLoss: point.testLoss, testAccuracy: point.testAccuracy };
  }

  get summary(): CheckpointSummary {
    return { lastLoss: this.lastLoss, lastEval: this.lastEval, curve: this.curve };
  }
}

/** Reads the run's whole state back and makes it a checkpoint (thinned curve included). */
export async function checkpointRun(workload: CnnWorkload, config: CnnRunConfig, steps: number, summary: RunSummary): Promise<Checkpoint> {
  const state = await workload.captureState();
  return checkpointOf(config, state, { step: steps, stepsPerEpoch: workload.info.stepsPerEpoch }, summary.summary);
}

/** A GAN run's two networks as plain export data (G on fixed noise, D on real images), kept for "Export for TensorFlow". */
export async function ganExportOf(workload: GanWorkload, config: GanRunConfig, host: EngineHost): Promise<KeptGan> {
  const data = await host.datasets.get(config.dataset, { train: GAN_CHECK_EXAMPLES, test: 0 }, () => undefined);
  const exported = await exportGan(workload.trainer.generator, workload.trainer.discriminator, config.latentSize, data.train);
  return { exported, config, modelLabel: GAN_MODEL_LABELS[config.model] };
}
