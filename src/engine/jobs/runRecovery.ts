import * as tf from '@tensorflow/tfjs';
import { backendMessage, BACKENDS } from '../../config/backends';
import type { RunConfig } from '../../config/workloads';
import { outOfMemoryMessage, type MemoryPlan } from '../../metrics/memoryPlan';
import { dropBackendInstance } from '../backends/activate';
import { BACKEND_RUNTIMES } from '../backends/registry';
import { detailOf, msg, MessageError, type Message } from '../../i18n/message';
import { isOutOfMemoryError } from '../bench/sweepScheduler';
import { heldCheckpoint, holdCheckpoint } from '../checkpoints/heldCheckpoints';
import type { CheckpointInfo, TrainingEvent } from '../protocol/training';
import { DeviceLostError, watched } from '../deviceWatch';
import { EngineGpuError } from '../gpu/gpuErrors';
import type { TrainingLoop } from '../trainingLoop';
import type { RunSummary } from '../checkpoints/runSummary';
import { captureWorkload, restoreWorkload, type WorkloadState } from '../checkpoints/workloadState';
import type { TrainingWorkload } from '../workloads/types';

/** The engine's GPU error behind `err`, if that is what ended the run (thrown as it is, or the cause of another error). */
function engineGpuErrorOf(err: unknown): EngineGpuError | null {
  for (let at = err; at instanceof Error; at = at.cause) if (at instanceof EngineGpuError) return at;
  return null;
}

/**
 * What lets a training run (CNN or GAN) survive its GPU: checkpoints in worker memory every N steps and at epoch
 * ends, the device watched for loss, and the message a failed run ends with (device lost, out of
 * memory, a GPU error under the app's engine). After a loss the backend's instance is dropped, so the resumed run gets a new context.
 */
export class RunRecovery {
  private readonly instance = tf.backend();
  private latest: CheckpointInfo | null = null;
  private lostDevice = false;

  constructor(
    private readonly config: RunConfig,
    private readonly workload: TrainingWorkload,
    private readonly summary: RunSummary,
    private readonly emit: (event: TrainingEvent) => void,
  ) {}

  /** Why the run's device is gone, or null while it works. */
  deviceLost = (): Message | null => BACKEND_RUNTIMES[this.config.backend].deviceLost(this.instance);

  /** Waits on the run's device (a read outside the loop: an evaluation asked for, an inspector's answer, the last samples) while watching it for loss. */
  watch = <T>(wait: Promise<T>): Promise<T> => watched(wait, this.deviceLost);

  /** Puts a held checkpoint into the fresh workload and moves the loop to its step. */
  resume(checkpointId: string, loop: TrainingLoop): void {
    const held = heldCheckpoint(checkpointId);
    restoreWorkload(this.workload, held.state);
    this.summary.restore(held.summary);
    loop.startAt(held.info.step);
    this.latest = held.info;
    this.emit({ type: 'resumed', from: held.info });
  }

  /** Takes a checkpoint when N steps passed since the last one, or at an epoch end; returns the state it read (null: none taken). */
  /** Steps the loop may run before the next checkpoint is due (Infinity without one): a sync window never runs past it. */
  stepsToCheckpoint(step: number): number {
    const every = this.config.checkpointEvery;
    return every > 0 ? Math.max(1, every - (step - (this.latest?.step ?? 0))) : Infinity;
  }

  async maybeCheckpoint(step: number, epochEnd: boolean): Promise<WorkloadState | null> {
    if (this.deviceLost()) return null;
    const every = this.config.checkpointEvery;
    const since = step - (this.latest?.step ?? 0);
    if (since <= 0 || (!epochEnd && (every <= 0 || since < every))) return null;
    const state = await captureWorkload(this.workload);
    if (!state) return null;
    this.latest = holdCheckpoint(this.config, state, this.summary, step, Math.ceil(step / this.workload.info.stepsPerEpoch));
    this.emit({ type: 'checkpoint', checkpoint: this.latest });
    return state;
  }

  /** The error a failed run ends with: a lost device (announced with its checkpoint), out of memory, or the error itself. */
  failure(err: unknown, step: number, plan: MemoryPlan | null): unknown {
    const lost = this.deviceLost() ?? (err instanceof DeviceLostError ? err.said : null);
    if (lost) {
      this.lostDevice = true;
      const { backend } = this.config;
      const device = BACKENDS[backend].deviceName ? msg(`backend.${backend}.device`) : backendMessage(backend);
      const message = this.latest
        ? msg('engine.lost.resumable', { lost, step, checkpoint: this.latest.step, device })
        : msg('engine.lost.noCheckpoint', { lost, step });
      this.emit({ type: 'deviceLost', message, resumeFrom: this.latest });
      return new MessageError(message, { cause: err });
    }
    const gpu = engineGpuErrorOf(err);
    if (gpu) return this.gpuFailure(gpu, step);
    return RunRecovery.outOfMemory(err, step, this.config, plan);
  }

  /** A GPU error under the app's engine: announced with the last checkpoint, to go on from on TensorFlow.js's kernels (the device still works). */
  private gpuFailure(err: EngineGpuError, step: number): MessageError {
    const said = { where: err.where, step, detail: err.detail };
    const message = this.latest ? msg('engine.gpu.error.resumable', { ...said, checkpoint: this.latest.step }) : msg('engine.gpu.error.noCheckpoint', said);
    this.emit({ type: 'gpuError', message, resumeFrom: this.latest, resumeOn: 'tfjs' });
    return new MessageError(message, { cause: err });
  }

  /** A real allocation failure ends the run with the same kind of message as the budget (the worker stays usable); any other error is itself. */
  static outOfMemory(err: unknown, step: number, config: RunConfig, plan: MemoryPlan | null): unknown {
    if (!isOutOfMemoryError(err)) return err;
    return new MessageError(outOfMemoryMessage(detailOf(err), step, backendMessage(config.backend), plan), { cause: err });
  }

  /** After the workload is freed: a lost device's backend instance goes, so the next job makes a new one. */
  release(): void {
    if (!this.lostDevice) return;
    try {
      dropBackendInstance(this.config.backend);
    } catch {
      // A lost context may refuse its own clean-up; the fresh instance does not need it.
    }
  }
}
