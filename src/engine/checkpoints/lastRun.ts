/**
 * The last training run that ended in this worker, kept as plain data (no tensors) until the next
 * training run starts: a CNN as a checkpoint (the "Save model" and export jobs read it), a GAN as
 * its export (what "Export for TensorFlow" hands over) and its checkpoint (its whole state, for a
 * later "Download" of a GAN run). Plain data, so no tensor outlives
 * its job (memory figures of later jobs stay clean) and a later job can rebuild the model on any backend.
 */
import type { GanRunConfig } from '../../config/ganConfig';
import type { Checkpoint, CnnCheckpoint, GanCheckpoint } from '../protocol/checkpointFormat';
import type { ExportedRun } from '../protocol/export';
import { msg, MessageError } from '../../i18n/message';

export interface KeptGan {
  exported: ExportedRun;
  config: GanRunConfig;
  modelLabel: string;
  /** The run's whole state at its end, when it could be read. */
  checkpoint?: GanCheckpoint;
}

export class LastRun {
  private checkpoint: CnnCheckpoint | null = null;
  private gan: KeptGan | null = null;

  keep(checkpoint: CnnCheckpoint): void {
    this.checkpoint = checkpoint;
    this.gan = null;
  }

  keepGan(gan: KeptGan): void {
    this.gan = gan;
    this.checkpoint = null;
  }

  /** The kept CNN, or an error saying there is none. */
  require(): CnnCheckpoint {
    if (!this.checkpoint) throw new MessageError(msg('engine.checkpoint.noneKept'));
    return this.checkpoint;
  }

  /** The kept run's whole state, a CNN's or a GAN's (the "Save" and "Download" of either view), or an error saying there is none. */
  requireFile(): Checkpoint {
    const checkpoint = this.checkpoint ?? this.gan?.checkpoint;
    if (!checkpoint) throw new MessageError(msg('engine.checkpoint.noneKept'));
    return checkpoint;
  }

  get currentGan(): KeptGan | null {
    return this.gan;
  }

  clear(): void {
    this.checkpoint = null;
    this.gan = null;
  }
}
