/** Test helpers: the engine's host and device owner in Node on the cpu backend (never imported by the app). */
import * as tf from '@tensorflow/tfjs';
import { backendMessage, type BackendName } from '../../config/backends';
import { msg, MessageError } from '../../i18n/message';
import { isLabJobKind } from '../../config/jobs';
import { applyJobEvent, endJob, markRunning, queuedJob, type LabJobState } from '../protocol/labJobState';
import { createFileReader } from '../../data/nodeReader';
import { detectBackends } from '../backends/registry';
import { LastRun } from '../checkpoints/lastRun';
import { DatasetCache } from '../datasetCache';
import { KeptModel } from '../inspect/keptModel';
import { engineRunner } from '../jobs/registry';
import { DeviceOwner } from '../owner/deviceOwner';
import type { EngineHost } from '../owner/host';
import type { JobEvent, JobOutcome, JobRequest, JobSpan, OwnerEvent } from '../protocol/jobs';

/** One data cache per test file: MNIST is read from public/data once. */
export const nodeDatasets = new DatasetCache(createFileReader('public/data'));

/** Only cpu runs under Node here; any other backend fails the way a missing one does. */
export function nodeHost(overrides: Partial<EngineHost> = {}): EngineHost {
  return {
    activate: async (backend: BackendName) => {
      if (backend !== 'cpu') throw new MessageError(msg('engine.backend.startFailed', { backend: backendMessage(backend), detail: 'not in Node' }));
      await tf.setBackend('cpu');
      return backend;
    },
    datasets: nodeDatasets,
    flags: () => ({ IS_TEST: true }),
    evaluateFlags: async () => undefined,
    detect: detectBackends,
    lastRun: new LastRun(),
    kept: new KeptModel(),
    ...overrides,
  };
}

export interface RecordedJob {
  id: number;
  events: JobEvent[];
  outcome: JobOutcome | null;
  span: JobSpan | null;
  /** Folded like a lab panel folds it. */
  lab: LabJobState;
}

/** A device owner on this host that records everything it sends, per job. */
export class RecordingOwner {
  readonly jobs = new Map<number, RecordedJob>();
  readonly sent: OwnerEvent[] = [];
  readonly owner: DeviceOwner;
  private readonly waiters = new Map<number, () => void>();
  private nextId = 1;

  constructor(host: EngineHost = nodeHost(), runner = engineRunner(host)) {
    this.owner = new DeviceOwner(runner, (event) => this.receive(event));
  }

  submit(request: JobRequest, onEvent: (event: JobEvent, id: number) => void = () => undefined): { id: number; ended: Promise<RecordedJob> } {
    const id = this.nextId++;
    const kind = isLabJobKind(request.kind) ? request.kind : 'deviceReport';
    this.jobs.set(id, { id, events: [], outcome: null, span: null, lab: queuedJob(kind, id) });
    this.listeners.set(id, onEvent);
    const ended = new Promise<RecordedJob>((resolve) => this.waiters.set(id, () => resolve(this.jobs.get(id) as RecordedJob)));
    this.owner.submit(id, request);
    return { id, ended };
  }

  /** Submits one job and waits for its end. */
  async run(request: JobRequest, onEvent?: (event: JobEvent, id: number) => void): Promise<RecordedJob> {
    return this.submit(request, onEvent).ended;
  }

  private readonly listeners = new Map<number, (event: JobEvent, id: number) => void>();

  private receive(event: OwnerEvent): void {
    this.sent.push(event);
    if (event.type === 'queue') {
      for (const entry of event.entries) {
        const job = this.jobs.get(entry.id);
        if (job && entry.status === 'running') job.lab = markRunning(job.lab);
      }
    } else if (event.type === 'job') {
      const job = this.jobs.get(event.id);
      if (!job) return;
      job.events.push(event.event);
      job.lab = applyJobEvent(job.lab, event.event);
      this.listeners.get(event.id)?.(event.event, event.id);
    } else if (event.type === 'ended') {
      const job = this.jobs.get(event.id);
      if (!job) return;
      job.outcome = event.outcome;
      job.span = event.span;
      job.lab = endJob(job.lab, event.outcome);
      this.waiters.get(event.id)?.();
    }
  }
}
