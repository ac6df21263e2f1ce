/**
 * A run's whole training state, whichever its workload (a CNN's or a GAN's), read from and put into
 * a workload, and turned into a checkpoint and back: what held checkpoints, saved models and
 * continued runs share.
 */
import type { RunConfig } from '../../config/workloads';
import { MessageError } from '../../i18n/message';
import { isGanCheckpoint, type Checkpoint } from '../protocol/checkpointFormat';
import { CnnWorkload, type CnnTrainingState } from '../workloads/cnnWorkload';
import { GanWorkload, type GanTrainingState } from '../workloads/ganWorkload';
import type { TrainingWorkload } from '../workloads/types';
import { ganCheckpointOf, ganStateOf } from './ganCheckpoint';
import { workloadDiffers } from './loadCheckpoint';
import type { RunSummary } from './runSummary';
import { checkpointOf, stateOf, type CheckpointProgressIn } from './savedModel';

export type WorkloadState = { workload: 'cnn'; state: CnnTrainingState } | { workload: 'gan'; state: GanTrainingState };

/** Reads the workload's state back from the device; null for a workload that keeps none. */
export async function captureWorkload(workload: TrainingWorkload): Promise<WorkloadState | null> {
  if (workload instanceof CnnWorkload) return { workload: 'cnn', state: await workload.captureState() };
  if (workload instanceof GanWorkload) return { workload: 'gan', state: await workload.captureState() };
  return null;
}

/** Puts a state into a freshly built workload of the same kind. */
export function restoreWorkload(workload: TrainingWorkload, held: WorkloadState): void {
  if (held.workload === 'cnn' && workload instanceof CnnWorkload) return workload.restoreState(held.state);
  if (held.workload === 'gan' && workload instanceof GanWorkload) return workload.restoreState(held.state);
  throw new MessageError(workloadDiffers());
}

/** The checkpoint of a run at `progress` from its state and summary so far. */
export function checkpointOfState(config: RunConfig, held: WorkloadState, progress: CheckpointProgressIn, summary: RunSummary): Checkpoint {
  if (config.workload === 'cnn' && held.workload === 'cnn') return checkpointOf(config, held.state, progress, summary.summary);
  if (config.workload === 'gan' && held.workload === 'gan') return ganCheckpointOf(config, held.state, progress, summary.ganSummary);
  throw new MessageError(workloadDiffers());
}

/** The training state a checkpoint holds. */
export function stateOfCheckpoint(checkpoint: Checkpoint): WorkloadState {
  return isGanCheckpoint(checkpoint) ? { workload: 'gan', state: ganStateOf(checkpoint) } : { workload: 'cnn', state: stateOf(checkpoint) };
}
