import type { GpuEngine } from '../config/gpuEngines';
import type { RunConfig } from '../config/workloads';
import type { DeviceClient } from '../engine/client/deviceClient';
import type { CheckpointFile, CheckpointInfo, StepPart } from '../engine/protocol/training';
import { NO_PRIOR, priorCurvesOfFile } from '../share/priorCurves';
import { deviceClient } from './device';
import { RunStore } from './runStore';

/** One view's training runs: its store, and its run's place with the device owner. */
export class TrainingSession {
  readonly store: RunStore;
  /** The device owner's id of the latest run, while the owner holds it. */
  private jobId: number | null = null;
  /** The configuration each run started with, by the store's run id, so a result records exactly what ran. */
  private readonly configs = new Map<number, RunConfig>();
  /** The saved model's bytes the latest run continued, if it continued one (a run trained again starts from them again). */
  private continued: ArrayBuffer | undefined;
  private readonly fileListeners = new Set<(file: CheckpointFile, runId: number) => void>();

  constructor(
    private readonly client: DeviceClient,
    headlineScalar: string,
    store?: RunStore,
  ) {
    this.store = store ?? new RunStore(headlineScalar);
    client.subscribe(() => this.store.setBackends(client.getSnapshot().backends));
  }

  /** Queues a run with this configuration behind whatever holds the device (continuing a saved model's GPCK bytes when given); returns the store's run id. */
  start(config: RunConfig, resume?: ArrayBuffer): number {
    // A continued run draws the saved run's curves (a CNN's loss, a GAN's D and G losses) before its own points.
    this.store.beginRun(resume ? priorCurvesOfFile(resume) : NO_PRIOR);
    this.configs.clear();
    this.continued = resume;
    return this.submit(config, resume ? { resume } : {});
  }

  /**
   * Continues the latest run from a checkpoint the worker holds (after its GPU was lost, or a GPU error
   * stopped the app's engine): the same configuration, on `engine`'s kernels when given, the curves so far
   * kept. Returns the store's run id, or null when there is nothing to resume.
   */
  resumeFrom(checkpoint: CheckpointInfo, engine?: GpuEngine): number | null {
    const config = this.configs.get(this.store.runId);
    if (!config) return null;
    this.store.beginResume();
    return this.submit(engine ? { ...config, gpuEngine: engine } : config, { recover: { checkpointId: checkpoint.id } });
  }

  /** Trains the latest run again from its start (a saved model it continued, or nothing) on `engine`'s kernels: after a GPU error before any checkpoint. */
  trainAgainOn(engine: GpuEngine): number | null {
    const config = this.configs.get(this.store.runId);
    if (!config) return null;
    return this.start({ ...config, gpuEngine: engine }, this.continued);
  }

  /** `resume`: a saved model's bytes; `recover`: a checkpoint the worker holds. */
  private submit(config: RunConfig, from: { resume?: ArrayBuffer; recover?: { checkpointId: string } }): number {
    const runId = this.store.runId;
    this.configs.set(runId, config);
    const id = this.client.submit(
      { kind: 'train', config, ...from },
      {
        onStarted: () => {
          if (this.store.runId === runId) this.store.started();
        },
        onEvent: (event) => {
          if (this.store.runId !== runId) return;
          if (event.type === 'checkpointFile') for (const listener of this.fileListeners) listener(event.file, runId);
          else this.store.handle(event);
        },
        onEnded: (outcome) => {
          if (this.jobId === id) this.jobId = null;
          if (this.store.runId === runId) this.store.ended(outcome);
        },
      },
    );
    this.jobId = id;
    return runId;
  }

  /** Calls back with each checkpoint file the current run sends (the page keeps it as the unfinished run). */
  onCheckpointFile(listener: (file: CheckpointFile, runId: number) => void): () => void {
    this.fileListeners.add(listener);
    return () => this.fileListeners.delete(listener);
  }

  /** The configuration run `runId` started with, or null for a run this session did not start. */
  configOf(runId: number): RunConfig | null {
    return this.configs.get(runId) ?? null;
  }

  /** The device owner's id of the current run, while it is queued or running. */
  get job(): number | null {
    return this.jobId;
  }

  pause = (): void => this.control({ action: 'pause' });
  resume = (): void => this.control({ action: 'resume' });
  step = (part?: StepPart): void => this.control({ action: 'step', part });
  evaluate = (): void => this.control({ action: 'evaluate' });
  /** Asks the run for its checkpoint now (sent as a checkpoint file between two steps). */
  saveCheckpoint = (): void => this.control({ action: 'saveCheckpoint' });

  /** Stops the run (between its steps), or drops it from the queue if it has not started. */
  stop = (): void => {
    if (this.jobId !== null) this.client.cancel(this.jobId);
  };

  /** Stops the run (or drops it from the queue) and clears the view back to no run. */
  reset = (): void => {
    this.stop();
    this.jobId = null;
    this.store.reset();
  };

  private control(control: Parameters<DeviceClient['control']>[1]): void {
    if (this.jobId !== null) this.client.control(this.jobId, control);
  }
}

export const cnnSession = new TrainingSession(deviceClient, 'loss');
export const ganSession = new TrainingSession(deviceClient, 'dLoss');
export type TrainingKind = 'cnn' | 'gan';
export const SESSIONS: Record<TrainingKind, TrainingSession> = { cnn: cnnSession, gan: ganSession };
