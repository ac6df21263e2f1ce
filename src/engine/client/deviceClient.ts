/**
 * The pages' one handle on the device owner: submits jobs, routes each job's events to whoever
 * submitted it, and mirrors the owner's queue for every view to show. Runs on the main thread and
 * imports no TensorFlow.js: the worker it starts does.
 */
import { backendMessage, type BackendAvailability, type BackendName } from '../../config/backends';
import { withPageFacts, type PageFacts } from '../../config/pageFacts';
import { WORKER_STALL_MS, WORKER_STALLED_STARTS_MAX } from '../../config/tunables';
import { msg, type Message } from '../../i18n/message';
import type { JobEvent, JobOutcome, JobRequest, JobSpan, OwnerCommand, OwnerEvent, QueueEntry } from '../protocol/jobs';
import type { DebugCommand, TrainingControl } from '../protocol/training';
import { realClock, StartWatch, type Clock, type StartPhase } from './startWatch';

/** The slice of a Worker the client uses, so tests can hand it an in-process owner. */
export interface OwnerPort {
  postMessage(command: OwnerCommand): void;
  terminate(): void;
  onmessage: ((message: MessageEvent<OwnerEvent>) => void) | null;
  onerror: ((error: ErrorEvent) => void) | null;
}

export interface JobHandlers {
  /** The owner gave this job the device (every job before it has ended). */
  onStarted?(): void;
  onEvent?(event: JobEvent): void;
  onEnded?(outcome: JobOutcome, span: JobSpan | null): void;
}

export interface DeviceSnapshot {
  /** What this browser offers; null until the owner has answered. */
  backends: BackendAvailability[] | null;
  /** The running job first, then the queued ones in order. */
  queue: QueueEntry[];
  /** The last time the worker died, in plain words; null while it never did. */
  crash: Message | null;
}

interface Pending {
  request: JobRequest;
  handlers: JobHandlers;
  started: boolean;
  /** Workers that went silent while this job started (the start watch); each time it goes to a fresh one. */
  stalls: number;
  /** A backend has started for it: past that, a stall ends it (a race would repeat rows already shown). */
  backendStarted: boolean;
}

export class DeviceClient {
  private port: OwnerPort | null = null;
  /** Debug commands sent and not yet answered, oldest first (the worker answers them in order). */
  private debugWaiters: ((error: string | null) => void)[] = [];
  private snapshot: DeviceSnapshot = { backends: null, queue: [], crash: null };
  private readonly listeners = new Set<() => void>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly watch: StartWatch;

  constructor(
    private readonly spawn: () => OwnerPort,
    clock: Clock = realClock,
    /** What the page knows of this browser that the worker cannot (ui/pageFacts.ts reads it). */
    private readonly pageFacts: () => PageFacts | null = () => null,
  ) {
    this.watch = new StartWatch(() => this.port?.postMessage({ type: 'ping' }), (phase) => this.stalled(phase), clock);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DeviceSnapshot => this.snapshot;

  /** Queues a job behind whatever holds the device; returns its id. */
  submit(request: JobRequest, handlers: JobHandlers = {}): number {
    const id = this.nextId++;
    this.pending.set(id, { request, handlers, started: false, stalls: 0, backendStarted: false });
    this.send({ type: 'submit', id, request });
    return id;
  }

  /** Drops a queued job, or stops the running one. */
  cancel(id: number): void {
    if (this.pending.has(id)) this.send({ type: 'cancel', id });
  }

  control(id: number, control: TrainingControl): void {
    if (this.pending.has(id)) this.send({ type: 'control', id, control });
  }

  /** Asks which backends this browser offers (starts the worker if it is not running). */
  detect(): void {
    this.send({ type: 'detect' });
  }

  /** Tests and the lab only: runs a debug command on the device now; resolves with its error, or null. */
  debug(command: DebugCommand): Promise<string | null> {
    return new Promise((resolve) => {
      this.debugWaiters.push(resolve);
      this.send({ type: 'debug', command });
    });
  }

  /** The queue entry of a job while the owner holds it; null once it ended (or before the owner saw it). */
  entryOf(id: number): QueueEntry | null {
    return this.snapshot.queue.find((entry) => entry.id === id) ?? null;
  }

  private send(command: OwnerCommand): void {
    this.port ??= this.connect();
    this.port.postMessage(command);
  }

  private connect(): OwnerPort {
    const port = this.spawn();
    port.onmessage = (message) => this.receive(message.data);
    port.onerror = (error) => {
      error.preventDefault();
      this.crashed(msg('engine.crashed', { detail: error.message || msg('error.unknown') }));
    };
    this.watch.begin({ kind: 'worker' });
    return port;
  }

  private receive(event: OwnerEvent): void {
    this.watch.heard();
    if (this.watch.watching()?.kind === 'worker') this.watch.end();
    switch (event.type) {
      case 'pong':
        return;
      case 'starting':
        return this.starting(event.backend);
      case 'backends':
        return this.update({ backends: withPageFacts(event.backends, this.pageFacts()) });
      case 'queue':
        this.update({ queue: event.entries });
        return this.announceStarts(event.entries);
      case 'job':
        return this.pending.get(event.id)?.handlers.onEvent?.(event.event);
      case 'ended': {
        const job = this.pending.get(event.id);
        this.pending.delete(event.id);
        return job?.handlers.onEnded?.(event.outcome, event.span);
      }
      case 'debugDone':
        return this.debugWaiters.shift()?.(event.error);
      default:
        return event satisfies never;
    }
  }

  private announceStarts(entries: readonly QueueEntry[]): void {
    for (const entry of entries) {
      const job = entry.status === 'running' ? this.pending.get(entry.id) : undefined;
      if (!job || job.started) continue;
      job.started = true;
      job.handlers.onStarted?.();
    }
  }

  private starting(backend: BackendName | null): void {
    if (backend) return this.watch.begin({ kind: 'backend', backend });
    this.watch.end();
    const running = this.runningId();
    const job = running === undefined ? undefined : this.pending.get(running);
    if (job) job.backendStarted = true;
  }

  /** The job the owner said was running; before it said anything, the oldest job is the one that ran. */
  private runningId(): number | undefined {
    return this.snapshot.queue.find((entry) => entry.status === 'running')?.id ?? (this.pending.size ? Math.min(...this.pending.keys()) : undefined);
  }

  /** The running job is lost with its worker; queued jobs go to a fresh worker in their order. */
  private crashed(message: Message): void {
    const running = this.runningId();
    this.replaceWorker((id) => (id === running ? message : null));
    this.update({ crash: message });
  }

  /**
   * The worker went silent while starting: it is replaced, and the job that was starting goes to the fresh one
   * with the others, unless it stalled WORKER_STALLED_STARTS_MAX workers already or a backend had started for it.
   */
  private stalled(phase: StartPhase): void {
    const running = this.runningId();
    this.replaceWorker((id, job) => {
      if (id !== running) return null;
      job.stalls++;
      if (job.stalls < WORKER_STALLED_STARTS_MAX && !job.backendStarted) return null;
      const values = { seconds: WORKER_STALL_MS / 1000, tries: job.stalls };
      return phase.kind === 'worker' ? msg('engine.stalled.worker', values) : msg('engine.stalled.backend', { ...values, backend: backendMessage(phase.backend) });
    });
  }

  /** Stops the worker; each job `ends` gives a message for ends with it, the others go to a fresh worker in their order. */
  private replaceWorker(ends: (id: number, job: Pending) => Message | null): void {
    this.watch.end();
    this.port?.terminate();
    this.port = null;
    const jobs = [...this.pending.entries()];
    this.update({ queue: [] });
    const survivors: [number, Pending][] = [];
    for (const [id, job] of jobs) {
      const message = ends(id, job);
      if (!message) {
        survivors.push([id, job]);
        continue;
      }
      this.pending.delete(id);
      job.handlers.onEnded?.({ status: 'error', message }, null);
    }
    this.send({ type: 'detect' });
    for (const [id, job] of survivors) {
      job.started = false;
      this.send({ type: 'submit', id, request: job.request });
    }
  }

  private update(patch: Partial<DeviceSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
