/**
 * The "Look inside" view's questions and answers, outside React. A CNN being trained now answers
 * through its run's controls (between its steps); otherwise a queued `inspect` job asks the model
 * the worker kept from the last run, or the classifier saved in this browser. Answers from either
 * way, and the confusion matrix each CNN run sends at its epoch ends, land in one set of results.
 */
import { parseCnnConfig } from '../../config/cnnConfig';
import type { DeviceClient } from '../../engine/client/deviceClient';
import { applyInspectEvent, NO_INSPECT_RESULTS, type InspectQuery, type InspectResults, type InspectWhat } from '../../engine/protocol/inspect';
import type { RawPicture } from '../../engine/protocol/ownData';
import type { Message } from '../../i18n/message';
import type { SettingsStore } from '../../share/settingsStore';
import type { TrainingSession } from '../session';
import type { FrameScheduler } from '../runStore';

export interface InspectSnapshot {
  results: InspectResults;
  /** Questions asked and not answered yet. */
  pending: Partial<Record<InspectWhat, boolean>>;
}

const nextFrame: FrameScheduler = (callback) => requestAnimationFrame(() => callback());
const ANSWERS: readonly (keyof Omit<InspectResults, 'failed'>)[] = ['prediction', 'confusion', 'filters', 'summary'];
const WHAT_OF: Record<(typeof ANSWERS)[number], InspectWhat> = { prediction: 'predict', confusion: 'confusion', filters: 'filters', summary: 'summary' };

export class InspectSession {
  private snapshot: InspectSnapshot = { results: NO_INSPECT_RESULTS, pending: {} };
  private readonly listeners = new Set<() => void>();
  private frameRequested = false;
  private started = false;
  private request = 0;
  /** The queued prediction job, dropped when a newer drawing comes before it ran. */
  private predictJob: { id: number; started: boolean } | null = null;
  /** What the running CNN's store last showed, so only its new answers are taken. */
  private seen: InspectResults = NO_INSPECT_RESULTS;

  constructor(
    private readonly client: DeviceClient,
    private readonly cnn: TrainingSession,
    private readonly settings: SettingsStore,
    private readonly schedule: FrameScheduler = nextFrame,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): InspectSnapshot => this.snapshot;

  /** Takes the answers (and the epoch-end confusion matrices) of CNN runs from now on. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.cnn.store.subscribe(() => this.takeFromRun());
    this.takeFromRun();
  }

  /** Whether the CNN view's run can answer now (it is training or paused). */
  runAnswers(): boolean {
    const { phase, state } = this.cnn.store.getSnapshot();
    return phase === 'active' && (state === 'training' || state === 'paused');
  }

  /**
   * Asks for the softmax of a drawn digit: 784 values in [0, 1] made like MNIST's, and the pad's ink as
   * a drawn data set gets it (a model of an own set is given that, prepared like its drawings); a newer
   * drawing replaces an older question.
   */
  predict(pixels: Float32Array, drawing: RawPicture): void {
    this.ask({ what: 'predict', request: ++this.request, pixels, drawing });
  }

  ask(query: InspectQuery): void {
    this.update({ pending: { ...this.snapshot.pending, [query.what]: true } });
    if (this.runAnswers() && this.cnn.job !== null) return this.client.control(this.cnn.job, { action: 'inspect', query });
    if (query.what === 'predict' && this.predictJob && !this.predictJob.started) this.client.cancel(this.predictJob.id);
    const { config } = parseCnnConfig(this.settings.getSnapshot().settings.cnn);
    const job = { id: 0, started: false };
    job.id = this.client.submit(
      { kind: 'inspect', query, dataset: config.dataset, backend: config.backend },
      {
        onStarted: () => (job.started = true),
        onEvent: (event) => {
          if (event.type === 'prediction' || event.type === 'confusion' || event.type === 'filters' || event.type === 'summary' || event.type === 'inspectFailed') this.take(applyInspectEvent(this.snapshot.results, event), query.what);
        },
        onEnded: (outcome) => {
          if (outcome.status === 'error') this.take(applyInspectEvent(this.snapshot.results, { type: 'inspectFailed', what: query.what, message: outcome.message }), query.what);
          // A prediction dropped for a newer drawing leaves the newer one pending.
          else if (outcome.status === 'cancelled' && !(query.what === 'predict' && this.predictJob !== job)) this.settle(query.what);
        },
      },
    );
    if (query.what === 'predict') this.predictJob = job;
  }

  private takeFromRun(): void {
    const fresh = this.cnn.store.getSnapshot().inspect;
    if (fresh === this.seen) return;
    const before = this.seen;
    this.seen = fresh;
    let results = this.snapshot.results;
    const settled: InspectWhat[] = [];
    for (const key of ANSWERS) {
      if (fresh[key] && fresh[key] !== before[key]) {
        results = { ...results, [key]: fresh[key] };
        settled.push(WHAT_OF[key]);
      }
    }
    for (const [what, message] of Object.entries(fresh.failed) as [InspectWhat, Message][]) {
      if (message !== before.failed[what]) {
        results = applyInspectEvent(results, { type: 'inspectFailed', what, message });
        settled.push(what);
      }
    }
    if (settled.length === 0) return;
    const pending = { ...this.snapshot.pending };
    for (const what of settled) delete pending[what];
    this.update({ results, pending });
  }

  private take(results: InspectResults, what: InspectWhat): void {
    const { [what]: _done, ...pending } = this.snapshot.pending;
    this.update({ results, pending });
  }

  private settle(what: InspectWhat): void {
    this.take(this.snapshot.results, what);
  }

  private update(patch: Partial<InspectSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.schedule(() => {
      this.frameRequested = false;
      for (const listener of this.listeners) listener();
    });
  }
}
