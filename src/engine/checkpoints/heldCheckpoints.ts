import type { CnnRunConfig } from '../../config/cnnConfig';
import type { CheckpointInfo } from '../protocol/training';
import type { CnnTrainingState } from '../workloads/cnnWorkload';
import { msg, MessageError } from '../../i18n/message';

/** Checkpoints kept in the worker's memory: a lost GPU takes its tensors, not these copies. */
export interface HeldCheckpoint {
  info: CheckpointInfo;
  config: CnnRunConfig;
  state: CnnTrainingState;
}

/** The newest few only: each holds a model's weights and Adam's moments. */
const MAX_HELD = 2;
const held = new Map<string, HeldCheckpoint>();
let counter = 0;

export function holdCheckpoint(config: CnnRunConfig, state: CnnTrainingState, step: number, epoch: number): CheckpointInfo {
  counter += 1;
  const info: CheckpointInfo = { id: `memory-${counter}`, step, epoch, createdAt: new Date().toISOString() };
  held.set(info.id, { info, config, state });
  for (const id of held.keys()) if (held.size > MAX_HELD) held.delete(id);
  return info;
}

export function heldCheckpoint(id: string): HeldCheckpoint {
  const checkpoint = held.get(id);
  if (!checkpoint) throw new MessageError(msg('engine.checkpoint.gone', { id }));
  return checkpoint;
}
