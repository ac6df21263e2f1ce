/**
 * A run's checkpoint files for the page (CNN and GAN runs alike): its whole state as GPCK bytes whenever
 * the page asks ("Save checkpoint") and at each epoch end (but the last: the run then finishes and the
 * page drops its copy), so the page can keep the unfinished run in IndexedDB across a reload. Plain
 * data: the state is read back as numbers and no tensor outlives the read.
 */
import type { RunConfig } from '../../config/workloads';
import { detailOf, msg } from '../../i18n/message';
import { encodeCheckpoint } from '../protocol/checkpointFormat';
import type { CheckpointFile, TrainingEvent } from '../protocol/training';
import type { TrainingWorkload } from '../workloads/types';
import type { RunSummary } from './runSummary';
import { captureWorkload, checkpointOfState, type WorkloadState } from './workloadState';

export class CheckpointFiles {
  constructor(
    private readonly workload: TrainingWorkload,
    private readonly config: RunConfig,
    private readonly summary: RunSummary,
    private readonly emit: (event: TrainingEvent) => void,
  ) {}

  /** At an epoch end that is not the run's last: `state` as the memory checkpoint just read it (null: read it now). */
  async epochEnd(step: number, state: WorkloadState | null): Promise<void> {
    if (step >= this.workload.info.totalSteps) return;
    await this.send(step, 'epochEnd', state);
  }

  /** Asked for by the page: the state now. Call between two steps only (TrainingLoop.betweenWindows). */
  async asked(step: number): Promise<void> {
    if (step === 0) return this.emit({ type: 'warning', message: msg('engine.checkpoint.nothingYet') });
    await this.send(step, 'asked', null);
  }

  /** A failure is a warning of the run, never its end. */
  private async send(step: number, reason: CheckpointFile['reason'], state: WorkloadState | null): Promise<void> {
    try {
      const read = state ?? (await captureWorkload(this.workload));
      if (!read) return;
      const checkpoint = checkpointOfState(this.config, read, { step, stepsPerEpoch: this.workload.info.stepsPerEpoch }, this.summary);
      // A fresh array of exactly the file's length: its buffer is the file, handed to the page without a copy.
      const bytes = encodeCheckpoint(checkpoint).buffer as ArrayBuffer;
      this.emit({ type: 'checkpointFile', file: { bytes, step, epoch: checkpoint.progress.epoch, reason } });
    } catch (err) {
      this.emit({ type: 'warning', message: msg('engine.checkpoint.saveFailed', { step, detail: detailOf(err) }) });
    }
  }
}
