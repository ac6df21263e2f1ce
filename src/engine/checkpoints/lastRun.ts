/**
 * The last CNN run that ended in this worker, kept as a checkpoint (plain data, no tensors) until
 * the next training run starts: the "Save model" and "Export for TensorFlow" jobs read it. Plain
 * data, so no tensor outlives its job (memory figures of later jobs stay clean) and a later job
 * can rebuild the model on any backend.
 */
import type { Checkpoint } from '../protocol/checkpointFormat';

export class LastRun {
  private checkpoint: Checkpoint | null = null;

  keep(checkpoint: Checkpoint): void {
    this.checkpoint = checkpoint;
  }

  /** The kept run, or an error saying there is none. */
  require(): Checkpoint {
    if (!this.checkpoint) throw new Error('No trained model is kept: train a CNN (or load a saved model) first.');
    return this.checkpoint;
  }

  get current(): Checkpoint | null {
    return this.checkpoint;
  }

  clear(): void {
    this.checkpoint = null;
  }
}
