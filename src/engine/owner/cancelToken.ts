/** Anything that can be told to stop between its steps (a TrainingLoop). */
export interface Stoppable {
  stop(): void;
}

/** Thrown inside a job when a cancel arrived mid-way; the job then ends with `done { cancelled: true }`. */
export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'JobCancelled';
  }
}

/** One per job: a cancel sets the flag, which the job polls between steps and points, and stops the running loop. */
export class CancelToken {
  private isCancelled = false;
  private running: Stoppable | null = null;

  get cancelled(): boolean {
    return this.isCancelled;
  }

  cancel(): void {
    this.isCancelled = true;
    this.running?.stop();
  }

  /** The loop a cancel should stop while it runs; null when it has finished. */
  attach(loop: Stoppable | null): void {
    this.running = loop;
    if (loop && this.isCancelled) loop.stop();
  }

  throwIfCancelled(): void {
    if (this.isCancelled) throw new JobCancelled();
  }
}
