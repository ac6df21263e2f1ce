/**
 * A shared result opened from the URL: decoded (never trusted), shown as the sender's, and, on
 * request, run again here and compared. The comparison fills in when the run here ends.
 */
import { availableNames } from '../../config/backends';
import { isOwnDatasetId, type OwnDatasetSummary } from '../../config/datasets';
import { settingsRecordOf } from '../../config/workloads';
import { rawValuesOf } from '../../share/pageSettings';
import { decodeResultLink } from '../../share/linkCodec';
import type { SharedResult } from '../../share/resultDoc';
import { workloadKind } from '../../share/resultSettings';
import { planRaceHere, planTrainingHere } from '../../share/runHere';
import { markChosen } from '../components/backendChoices';
import type { DeviceClient } from '../../engine/client/deviceClient';
import { msg, type Message } from '../../i18n/message';
import { entryFor, historyModel, RECEIVED_ID_PREFIX, type HistoryModel } from '../../share/historyModel';
import type { SettingsStore } from '../../share/settingsStore';
import { deviceClient } from '../device';
import { labSession, type LabSession } from '../lab/labSession';
import { SESSIONS, type TrainingKind, type TrainingSession } from '../session';
import { ownDataSession } from '../ownData/ownDataSession';
import { settingsStore } from './pageStore';
import { runRecorder, type RecordedKind, type RunRecorder } from './runRecorder';

export interface Comparison {
  status: 'idle' | 'running' | 'done' | 'failed';
  kind: RecordedKind | null;
  runId: number | null;
  local: SharedResult | null;
  /** What happened (a substituted backend, why it failed). */
  note: Message | null;
}

export interface SharedSnapshot {
  status: 'none' | 'reading' | 'ready';
  result: SharedResult | null;
  /** What could not be read from the shared result; shown with the link's other problems. */
  errors: Message[];
  compare: Comparison;
}

const IDLE: Comparison = { status: 'idle', kind: null, runId: null, local: null, note: null };

/** FNV-1a, 32 bits: a short stable id for a received payload. */
export function payloadId(payload: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < payload.length; i++) hash = Math.imul(hash ^ payload.charCodeAt(i), 0x01000193);
  return `${RECEIVED_ID_PREFIX}${(hash >>> 0).toString(36)}-${payload.length}`;
}

/** Everything a shared link works with: the page's own, or fakes in tests. */
export interface SharedLinkDeps {
  settings: SettingsStore;
  device: DeviceClient;
  lab: LabSession;
  sessions: Record<TrainingKind, TrainingSession>;
  recorder: RunRecorder;
  history: HistoryModel;
  /** The own data sets kept in this browser, once listed (asked only for a result on an own set). */
  ownDatasets(): Promise<readonly OwnDatasetSummary[]>;
}

export class SharedLink {
  private snapshot: SharedSnapshot = { status: 'none', result: null, errors: [], compare: IDLE };
  private readonly listeners = new Set<() => void>();
  private payload: string | null = null;
  private started = false;
  /** The sender's last step: a run here that would go further stops there, as the sender's did. */
  private stopAtStep: number | null = null;
  private navigation = 0;

  constructor(private readonly deps: SharedLinkDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SharedSnapshot => this.snapshot;

  start(): void {
    if (this.started) return;
    this.started = true;
    this.deps.settings.subscribe(() => {
      const { resultPayload, navigation } = this.deps.settings.getSnapshot();
      // A link read anew (edited address bar, back / forward) makes the old link's messages stale.
      if (navigation !== this.navigation) {
        this.navigation = navigation;
        this.dismissErrors();
      }
      this.follow(resultPayload);
    });
    this.deps.recorder.onRecorded((kind, runId, built) => {
      const { compare } = this.snapshot;
      if (compare.status !== 'running' || compare.kind !== kind || compare.runId !== runId) return;
      this.update({ compare: built.ok ? { ...compare, status: 'done', local: built.result } : { ...compare, status: 'failed', note: built.reason } });
    });
    this.deps.lab.subscribe(() => this.watchRace());
    for (const kind of ['cnn', 'gan'] as const) this.deps.sessions[kind].store.subscribe(() => this.watchTraining(kind));
    this.follow(this.deps.settings.getSnapshot().resultPayload);
  }

  dismissErrors(): void {
    if (this.snapshot.errors.length) this.update({ errors: [] });
  }

  /** Closes the shared result (and drops it from the URL). */
  close(): void {
    this.deps.settings.setResultPayload(null, 'push');
  }

  /** Repeats the sender's run here; the comparison fills in when it ends. */
  runHere(): void {
    const theirs = this.snapshot.result;
    if (!theirs || this.snapshot.compare.status === 'running') return;
    if (this.payload) void this.deps.history.add(entryFor(theirs, payloadId(this.payload)));
    const kind = workloadKind(theirs);
    if (kind === 'race') this.raceHere(theirs);
    else if (isOwnDatasetId(theirs.config.dataset)) void this.deps.ownDatasets().then((held) => this.trainHereOnce(kind, theirs, held));
    else this.trainHere(kind, theirs, []);
  }

  private raceHere(theirs: SharedResult): void {
    const plan = planRaceHere(theirs, availableNames(this.deps.device.getSnapshot().backends));
    if (!plan.ok) return this.fail('race', plan.note);
    this.deps.settings.update((s) => ({ ...s, view: 'lab', lab: rawValuesOf('lab', plan.settings) }), 'replace');
    const runId = this.deps.lab.start('race', plan.settings);
    this.stopAtStep = null;
    this.update({ compare: { status: 'running', kind: 'race', runId, local: null, note: plan.note } });
  }

  /** A run on an own data set, once the kept sets are listed: unless the link changed or a run here began meanwhile. */
  private trainHereOnce(kind: TrainingKind, theirs: SharedResult, heldOwn: readonly OwnDatasetSummary[]): void {
    if (this.snapshot.result === theirs && this.snapshot.compare.status !== 'running') this.trainHere(kind, theirs, heldOwn);
  }

  private trainHere(kind: TrainingKind, theirs: SharedResult, heldOwn: readonly OwnDatasetSummary[]): void {
    const session = this.deps.sessions[kind];
    const { phase } = session.store.getSnapshot();
    if (phase === 'queued' || phase === 'active') return this.fail(kind, msg('share.shared.busy'));
    const plan = planTrainingHere(theirs, this.deps.device.getSnapshot().backends, heldOwn);
    if (!plan.ok) return this.fail(kind, plan.note);
    // The sender's backend is a choice, kept in the form even where it is a software GPU here.
    markChosen(kind, plan.config.backend);
    this.deps.settings.update((s) => ({ ...s, view: kind === 'cnn' ? 'train' : 'gan', [kind]: rawValuesOf(kind, settingsRecordOf(plan.config)) }), 'replace');
    const runId = session.start(plan.config);
    this.stopAtStep = plan.stopAtStep;
    this.update({ compare: { status: 'running', kind, runId, local: null, note: plan.note } });
  }

  private fail(kind: RecordedKind, note: Message): void {
    this.update({ compare: { status: 'failed', kind, runId: null, local: null, note } });
  }

  /** Ends the comparison when the race here fails or is cancelled. */
  private watchRace(): void {
    const { compare } = this.snapshot;
    if (compare.status !== 'running' || compare.kind !== 'race') return;
    const job = this.deps.lab.getSnapshot().jobs.race;
    if (job?.id !== compare.runId) return;
    if (job.status === 'error') this.update({ compare: { ...compare, status: 'failed', note: job.error } });
    if (job.status === 'cancelled') this.update({ compare: { ...compare, status: 'failed', note: msg('share.shared.raceCancelled') } });
  }

  /** Stops a run here at the sender's last step, and ends the comparison if the run fails. */
  private watchTraining(kind: TrainingKind): void {
    const { compare } = this.snapshot;
    const { store } = this.deps.sessions[kind];
    if (compare.status !== 'running' || compare.kind !== kind || store.runId !== compare.runId) return;
    const { state, latest, error, info } = store.getSnapshot();
    if (state === 'error') return this.update({ compare: { ...compare, status: 'failed', note: error } });
    const stopsEarly = this.stopAtStep !== null && info !== null && info.totalSteps > this.stopAtStep;
    if (state === 'training' && stopsEarly && latest && this.stopAtStep !== null && latest.step >= this.stopAtStep) {
      this.stopAtStep = null;
      this.deps.sessions[kind].stop();
    }
  }

  private follow(payload: string | null): void {
    if (payload === this.payload) return;
    this.payload = payload;
    this.stopAtStep = null;
    if (payload === null) return this.update({ status: 'none', result: null, errors: [], compare: IDLE });
    this.update({ status: 'reading', result: null, errors: [], compare: IDLE });
    void decodeResultLink(payload).then(({ result, errors }) => {
      if (this.payload !== payload) return;
      if (result) return this.update({ status: 'ready', result, errors });
      // Nothing usable: drop it from the URL (the settings stay), keep the message.
      this.payload = null;
      this.update({ status: 'none', result: null, errors });
      this.deps.settings.setResultPayload(null, 'replace');
    });
  }

  private update(patch: Partial<SharedSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

export const sharedLink = new SharedLink({ settings: settingsStore, device: deviceClient, lab: labSession, sessions: SESSIONS, recorder: runRecorder, history: historyModel, ownDatasets: ownDataSession.listed });
