import type { RunConfig } from '../../config/workloads';
import type { CheckpointInfo } from '../protocol/training';
import type { RunSummary } from './runSummary';
import type { WorkloadState } from './workloadState';
import { msg, MessageError } from '../../i18n/message';

/** Checkpoints kept in the worker's memory (a CNN run's or a GAN run's): a lost GPU takes its tensors, not these copies. */
export interface HeldCheckpoint {
  info: CheckpointInfo;
  config: RunConfig;
  state: WorkloadState;
  /** The run's curves up to the checkpoint, so a resumed run's later checkpoints carry them from its first step. */
  summary: RunSummary;
}

/** The newest few only: each holds a model's weights and Adam's moments (a GAN's: two of each). */
const MAX_HELD = 2;
const held = new Map<string, HeldCheckpoint>();
let counter = 0;

export function holdCheckpoint(config: RunConfig, state: WorkloadState, summary: RunSummary, step: number, epoch: number): CheckpointInfo {
  counter += 1;
  const info: CheckpointInfo = { id: `memory-${counter}`, step, epoch, createdAt: new Date().toISOString() };
  held.set(info.id, { info, config, state, summary: summary.copy() });
  for (const id of held.keys()) if (held.size > MAX_HELD) held.delete(id);
  return info;
}

export function heldCheckpoint(id: string): HeldCheckpoint {
  const checkpoint = held.get(id);
  if (!checkpoint) throw new MessageError(msg('engine.checkpoint.gone', { id }));
  return checkpoint;
}
