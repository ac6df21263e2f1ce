import type { BackendAvailability } from '../../config/backends';
import { applyLabEvent, failJob, startJob, type LabJobState } from '../../engine/lab/labJob';
import type { LabCommand, LabEvent, LabJobCommand, LabJobKind } from '../../engine/lab/labProtocol';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A lab command before the session gives it a run id. */
export type LabRequest = DistributiveOmit<LabJobCommand, 'runId'>;

export interface LabSnapshot {
  /** The latest job of each kind, running or finished. */
  jobs: Partial<Record<LabJobKind, LabJobState>>;
  /** The kind of the job running now: the lab runs one job at a time. */
  running: LabJobKind | null;
  /** From the latest device report; null until one arrived. */
  backends: BackendAvailability[] | null;
  /** The request that started the latest job of each kind (what a shared race result records). */
  requests: Partial<Record<LabJobKind, LabRequest>>;
}

/**
 * The lab's state outside React and its handle on the lab worker (started on first use). Events
 * are folded into per-kind job states; React is notified at most once per animation frame.
 */
export class LabSession {
  private snapshot: LabSnapshot = { jobs: {}, running: null, backends: null, requests: {} };
  private readonly listeners = new Set<() => void>();
  private frameRequested = false;
  private worker: Worker | null = null;
  private nextRunId = 1;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LabSnapshot => this.snapshot;

  /** Starts a job unless one is running; returns its run id, or null when refused. */
  start(request: LabRequest): number | null {
    if (this.snapshot.running) return null;
    const runId = this.nextRunId++;
    const kind = request.type;
    this.update({ jobs: { ...this.snapshot.jobs, [kind]: startJob(kind, runId) }, running: kind, requests: { ...this.snapshot.requests, [kind]: request } });
    this.post({ ...request, runId } as LabCommand);
    return runId;
  }

  cancel(): void {
    if (this.snapshot.running) this.post({ type: 'cancel' });
  }

  private handle(event: LabEvent): void {
    const kind = Object.values(this.snapshot.jobs).find((job) => job.runId === event.runId)?.kind;
    if (!kind) return;
    const job = applyLabEvent(this.snapshot.jobs[kind] as LabJobState, event);
    const ended = job.status !== 'running';
    const backends = event.type === 'deviceReport' ? event.backends : this.snapshot.backends;
    this.update({ jobs: { ...this.snapshot.jobs, [kind]: job }, running: ended && this.snapshot.running === kind ? null : this.snapshot.running, backends });
  }

  private post(command: LabCommand): void {
    this.worker ??= this.spawn();
    this.worker.postMessage(command);
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('../../engine/lab/labWorker.ts', import.meta.url), { type: 'module', name: 'lab' });
    worker.onmessage = (e: MessageEvent<LabEvent>) => this.handle(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      this.worker = null;
      this.crashed(`The lab worker crashed: ${e.message || 'unknown error'}. Run the job again to restart it.`);
    };
    return worker;
  }

  private crashed(message: string): void {
    const kind = this.snapshot.running;
    if (!kind) return;
    this.update({ jobs: { ...this.snapshot.jobs, [kind]: failJob(this.snapshot.jobs[kind] as LabJobState, message) }, running: null });
  }

  private update(patch: Partial<LabSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      for (const listener of this.listeners) listener();
    });
  }
}

/** The page's one lab session; its worker starts when the lab first runs something. */
export const labSession = new LabSession();
