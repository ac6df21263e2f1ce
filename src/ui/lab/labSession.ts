import type { LabJobKind } from '../../config/jobs';
import type { LabSettings } from '../../config/labConfig';
import type { DeviceClient } from '../../engine/client/deviceClient';
import { applyJobEvent, endJob, markRunning, queuedJob, type LabJobState } from '../../engine/protocol/labJobState';
import { deviceClient } from '../device';
import type { FrameScheduler } from '../runStore';

/** A lab panel's job kind: the five lab jobs and the device report. */
export type LabPanelKind = LabJobKind | 'deviceReport';

export interface LabSnapshot {
  /** The latest job of each kind: queued, running or ended. */
  jobs: Partial<Record<LabPanelKind, LabJobState>>;
  /** The settings each kind's latest job was started with (what a shared race result records). */
  settings: Partial<Record<LabJobKind, LabSettings>>;
}

const nextFrame: FrameScheduler = (callback) => requestAnimationFrame(() => callback());

/**
 * The lab's jobs outside React: each is submitted to the device owner, which queues it behind
 * whatever holds the device; its events are folded into per-kind job states and React is
 * notified at most once per animation frame.
 */
export class LabSession {
  private snapshot: LabSnapshot = { jobs: {}, settings: {} };
  private readonly listeners = new Set<() => void>();
  private frameRequested = false;

  constructor(
    private readonly client: DeviceClient,
    private readonly schedule: FrameScheduler = nextFrame,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LabSnapshot => this.snapshot;

  /** Queues a lab job with these settings; returns its id with the device owner. */
  start(kind: LabJobKind, settings: LabSettings): number {
    const id = this.submit(kind, { kind, settings });
    this.update({ settings: { ...this.snapshot.settings, [kind]: settings } });
    return id;
  }

  /** Queues a device report. */
  readDevice(): number {
    return this.submit('deviceReport', { kind: 'deviceReport' });
  }

  /** Cancels this kind's latest job, queued or running. */
  cancel(kind: LabPanelKind): void {
    const job = this.snapshot.jobs[kind];
    if (job && (job.status === 'queued' || job.status === 'running')) this.client.cancel(job.id);
  }

  private submit(kind: LabPanelKind, request: Parameters<DeviceClient['submit']>[0]): number {
    // A newer job of the same kind replaces the panel's view of the older one; the older one still runs its course.
    let id = 0;
    const change = (recipe: (job: LabJobState) => LabJobState) => {
      const job = this.snapshot.jobs[kind];
      if (job?.id === id) this.update({ jobs: { ...this.snapshot.jobs, [kind]: recipe(job) } });
    };
    id = this.client.submit(request, {
      onStarted: () => change(markRunning),
      onEvent: (event) => change((job) => applyJobEvent(job, event)),
      onEnded: (outcome) => change((job) => endJob(job, outcome)),
    });
    this.update({ jobs: { ...this.snapshot.jobs, [kind]: queuedJob(kind, id) } });
    return id;
  }

  private update(patch: Partial<LabSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.schedule(() => {
      this.frameRequested = false;
      for (const listener of this.listeners) listener();
    });
  }
}

/** The page's one lab session. */
export const labSession = new LabSession(deviceClient);
