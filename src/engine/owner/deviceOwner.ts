/**
 * The one owner of the device: every job of every view is queued here and run one at a time, so no
 * figure is ever measured while another job holds the device. Plain TypeScript without tfjs: the
 * worker wraps it, and tests drive it in Node with real or stand-in job runners.
 */
import { describeJob } from '../../config/jobs';
import { messageOf } from '../../i18n/message';
import type { JobEvent, JobOutcome, JobRequest, OwnerEvent, QueueEntry } from '../protocol/jobs';
import type { TrainingControl } from '../protocol/training';
import { CancelToken, JobCancelled } from './cancelToken';

/** What a running job gets: where its events go, its cancel token, and where its controls arrive. */
export interface JobContext {
  emit(event: JobEvent): void;
  token: CancelToken;
  /** Controls sent to this job (pause, resume, step, evaluate) go to the handler it sets. */
  onControl(handler: (control: TrainingControl) => void): void;
}

export type JobRunner = (request: JobRequest, ctx: JobContext) => Promise<void>;

interface Held {
  id: number;
  request: JobRequest;
  token: CancelToken;
  control: ((control: TrainingControl) => void) | null;
}

export class DeviceOwner {
  private readonly waiting: Held[] = [];
  private running: Held | null = null;
  private pumping = false;

  constructor(
    private readonly runJob: JobRunner,
    private readonly send: (event: OwnerEvent) => void,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Queues a job; it runs once every job before it has ended. */
  submit(id: number, request: JobRequest): void {
    if (this.running?.id === id || this.waiting.some((held) => held.id === id)) return;
    this.waiting.push({ id, request, token: new CancelToken(), control: null });
    this.publishQueue();
    void this.pump();
  }

  /** Drops a queued job, or stops the running one between its steps. Unknown ids are ignored. */
  cancel(id: number): void {
    if (this.running?.id === id) {
      this.running.token.cancel();
      return;
    }
    const index = this.waiting.findIndex((held) => held.id === id);
    if (index < 0) return;
    this.waiting.splice(index, 1);
    this.send({ type: 'ended', id, outcome: { status: 'cancelled' }, span: null });
    this.publishQueue();
  }

  /** Passes a control to the running job, if it is that job and takes controls. */
  control(id: number, control: TrainingControl): void {
    if (this.running?.id === id) this.running.control?.(control);
  }

  /** The jobs held now, running first. */
  entries(): QueueEntry[] {
    const held = this.running ? [this.running, ...this.waiting] : this.waiting;
    return held.map((h, index) => {
      const { name, view } = describeJob(h.request.kind, h.request.kind === 'train' ? h.request.config.workload : undefined);
      const position = this.running ? index : index + 1;
      return { id: h.id, kind: h.request.kind, name, view, status: h === this.running ? 'running' : 'queued', position };
    });
  }

  private publishQueue(): void {
    this.send({ type: 'queue', entries: this.entries() });
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
        this.running = next;
        this.publishQueue();
        const startedAt = this.clock();
        const outcome = await this.runOne(next);
        const span = { startedAt, endedAt: this.clock() };
        this.running = null;
        this.send({ type: 'ended', id: next.id, outcome, span });
      }
      this.publishQueue();
    } finally {
      this.pumping = false;
    }
  }

  /** Runs one job to its end; whatever it throws becomes its outcome, never the next job's problem. */
  private async runOne(held: Held): Promise<JobOutcome> {
    const ctx: JobContext = {
      emit: (event) => {
        if (this.running === held) this.send({ type: 'job', id: held.id, event });
      },
      token: held.token,
      onControl: (handler) => (held.control = handler),
    };
    try {
      held.token.throwIfCancelled();
      await this.runJob(held.request, ctx);
      return held.token.cancelled ? { status: 'cancelled' } : { status: 'done' };
    } catch (err) {
      if (err instanceof JobCancelled || held.token.cancelled) return { status: 'cancelled' };
      return { status: 'error', message: messageOf(err) };
    }
  }
}
