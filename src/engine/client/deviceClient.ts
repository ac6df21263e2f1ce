/**
 * The pages' one handle on the device owner: submits jobs, routes each job's events to whoever
 * submitted it, and mirrors the owner's queue for every view to show. Runs on the main thread and
 * imports no TensorFlow.js: the worker it starts does.
 */
import type { BackendAvailability } from '../../config/backends';
import { msg, type Message } from '../../i18n/message';
import type { JobEvent, JobOutcome, JobRequest, JobSpan, OwnerCommand, OwnerEvent, QueueEntry } from '../protocol/jobs';
import type { DebugCommand, TrainingControl } from '../protocol/training';

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
}

export class DeviceClient {
  private port: OwnerPort | null = null;
  /** Debug commands sent and not yet answered, oldest first (the worker answers them in order). */
  private debugWaiters: ((error: string | null) => void)[] = [];
  private snapshot: DeviceSnapshot = { backends: null, queue: [], crash: null };
  private readonly listeners = new Set<() => void>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly spawn: () => OwnerPort) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DeviceSnapshot => this.snapshot;

  /** Queues a job behind whatever holds the device; returns its id. */
  submit(request: JobRequest, handlers: JobHandlers = {}): number {
    const id = this.nextId++;
    this.pending.set(id, { request, handlers, started: false });
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
    return port;
  }

  private receive(event: OwnerEvent): void {
    switch (event.type) {
      case 'backends':
        return this.update({ backends: event.backends });
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

  /** The running job is lost with its worker; queued jobs go to a fresh worker in their order. */
  private crashed(message: Message): void {
    this.port?.terminate();
    this.port = null;
    // The job the owner said was running; before it said anything, the oldest job is the one that ran.
    const running = this.snapshot.queue.find((entry) => entry.status === 'running')?.id ?? Math.min(...this.pending.keys());
    const survivors = [...this.pending.entries()].filter(([id]) => id !== running);
    if (running !== undefined) {
      const lost = this.pending.get(running);
      this.pending.delete(running);
      lost?.handlers.onEnded?.({ status: 'error', message }, null);
    }
    this.update({ queue: [], crash: message });
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
