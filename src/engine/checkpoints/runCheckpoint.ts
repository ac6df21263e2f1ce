/**
 * What a training run does with checkpoints: start from a saved run (continue training it, a CNN or
 * a GAN), and keep its own end state in the worker (LastRun) for the "Save model" and export jobs.
 */
import type { GanRunConfig } from '../../config/ganConfig';
import { GAN_MODEL_LABELS } from '../../config/models';
import { requireRunConfig, type RunConfig } from '../../config/workloads';
import { msg, MessageError } from '../../i18n/message';
import { exportGan, GAN_CHECK_EXAMPLES } from '../export/exportRun';
import type { EngineHost } from '../owner/host';
import { isCnnCheckpoint, isGanCheckpoint, type Checkpoint } from '../protocol/checkpointFormat';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { GanWorkload } from '../workloads/ganWorkload';
import type { TrainingWorkload } from '../workloads/types';
import { assertGanFits } from './ganCheckpoint';
import type { KeptGan } from './lastRun';
import { assertFits, continuedConfig, requireCheckpoint, workloadDiffers } from './loadCheckpoint';
import type { RunSummary } from './runSummary';
import { captureWorkload, checkpointOfState, restoreWorkload, stateOfCheckpoint } from './workloadState';

/** A train request's configuration and, when it continues a saved run, that run's checkpoint. */
export function readTrainRequest(request: { config: unknown; resume?: ArrayBuffer }): { config: RunConfig; resume: Checkpoint | null } {
  const asked = requireRunConfig(request.config);
  if (!request.resume) return { config: asked, resume: null };
  const resume = requireCheckpoint(request.resume);
  return { config: continuedConfig(resume.config, asked), resume };
}

/** Puts the saved state into the freshly built workload; returns the step the run continues from. */
export function continueFrom(workload: TrainingWorkload, checkpoint: Checkpoint): number {
  const { step } = checkpoint.progress;
  const { totalSteps, stepsPerEpoch } = workload.info;
  if (step >= totalSteps) {
    throw new MessageError(isGanCheckpoint(checkpoint) ? msg('engine.checkpoint.ganDone', { step }) : msg('engine.checkpoint.alreadyDone', { step, epochs: totalSteps / stepsPerEpoch }));
  }
  if (isCnnCheckpoint(checkpoint) && workload instanceof CnnWorkload) assertFits(workload.model, checkpoint);
  else if (isGanCheckpoint(checkpoint) && workload instanceof GanWorkload) assertGanFits(workload.trainer, checkpoint);
  else throw new MessageError(workloadDiffers());
  restoreWorkload(workload, stateOfCheckpoint(checkpoint));
  return step;
}

/** Reads the run's whole state back and makes it a checkpoint (thinned curves included); null for a workload that keeps none. */
export async function checkpointRun(workload: TrainingWorkload, config: RunConfig, steps: number, summary: RunSummary): Promise<Checkpoint | null> {
  const state = await captureWorkload(workload);
  return state && checkpointOfState(config, state, { step: steps, stepsPerEpoch: workload.info.stepsPerEpoch }, summary);
}

/** A GAN run's two networks as plain export data (G on fixed noise, D on real images), kept for "Export for TensorFlow". */
export async function ganExportOf(workload: GanWorkload, config: GanRunConfig, host: EngineHost): Promise<KeptGan> {
  const data = await host.datasets.get(config.dataset, { train: GAN_CHECK_EXAMPLES, test: 0 }, () => undefined);
  const exported = await exportGan(workload.trainer.generator, workload.trainer.discriminator, config.latentSize, data.train);
  return { exported, config, modelLabel: GAN_MODEL_LABELS[config.model] };
}
