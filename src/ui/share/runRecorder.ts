/**
 * Turns every run that ends here into a shared result: a CNN or GAN run that finished or was
 * stopped, and a lab race that finished. Each is kept in the history and offered to its view's
 * Share button; listeners (the comparison with a shared link) hear of each one.
 */
import type { OwnDatasetSummary } from '../../config/datasets';
import type { RunState } from '../../engine/protocol/training';
import type { Message } from '../../i18n/message';
import type { DeviceForShare } from '../../share/flattenDevice';
import { entryFor, historyModel, type HistoryModel } from '../../share/historyModel';
import type { SharedResult } from '../../share/resultDoc';
import { resultFromRace, resultFromRun, type BuiltResult } from '../../share/resultFromRun';
import { labSession, type LabSession } from '../lab/labSession';
import { SESSIONS, type TrainingKind, type TrainingSession } from '../session';
import { ownDataList } from '../ownData/ownDataList';
import { deviceForShare } from './deviceSource';

export type RecordedKind = TrainingKind | 'race';

export interface RecordedRun {
  kind: RecordedKind;
  runId: number;
  status: 'preparing' | 'ready' | 'unavailable';
  result: SharedResult | null;
  /** Why there is no result (status 'unavailable'). */
  reason: Message | null;
  saving: boolean;
  /** Why the history could not keep it (storage full, ...); null when it did. */
  saveError: Message | null;
}

export type RunResults = Record<RecordedKind, RecordedRun | null>;
type RecordedListener = (kind: RecordedKind, runId: number, built: BuiltResult) => void;

/** What the recorder watches and where it keeps results: the page's own, or fakes in tests. */
export interface RecorderDeps {
  sessions: Record<TrainingKind, TrainingSession>;
  lab: LabSession;
  history: HistoryModel;
  /** This device, flattened for a shared result; never rejects. */
  device(): Promise<DeviceForShare>;
  /** The own data set with this id as this browser lists it, if it is one kept here. */
  ownDataset(id: string): OwnDatasetSummary | undefined;
}

const ENDED: RunState[] = ['finished', 'stopped'];

export class RunRecorder {
  private snapshot: RunResults = { cnn: null, gan: null, race: null };
  private readonly listeners = new Set<() => void>();
  private readonly recordedListeners = new Set<RecordedListener>();
  private started = false;

  constructor(private readonly deps: RecorderDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RunResults => this.snapshot;

  onRecorded(listener: RecordedListener): () => void {
    this.recordedListeners.add(listener);
    return () => this.recordedListeners.delete(listener);
  }

  /** Starts watching the sessions; calling it again does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.watchTraining('cnn');
    this.watchTraining('gan');
    this.watchRace();
  }

  private watchTraining(kind: TrainingKind): void {
    const session = this.deps.sessions[kind];
    const { store } = session;
    let lastState: RunState = store.getSnapshot().state;
    store.subscribe(() => {
      const snapshot = store.getSnapshot();
      const ended = ENDED.includes(snapshot.state) && !ENDED.includes(lastState);
      lastState = snapshot.state;
      const config = session.configOf(store.runId);
      if (!ended || !config) return;
      // Copied now: the next run clears the store's buffers.
      const ownDataset = this.deps.ownDataset(config.dataset) ?? null;
      const capture = { config, info: snapshot.info, firstStepMs: snapshot.firstStepMs, metrics: [...store.metrics], evals: [...store.evals], priorCurves: store.priorCurves, ownDataset };
      void this.record(kind, store.runId, (env) => resultFromRun(capture, env));
    });
  }

  private watchRace(): void {
    let recordedRunId = -1;
    const { lab } = this.deps;
    lab.subscribe(() => {
      const { jobs, settings } = lab.getSnapshot();
      const job = jobs.race;
      const raced = settings.race;
      if (!job || job.status !== 'done' || job.id === recordedRunId || !raced) return;
      recordedRunId = job.id;
      const capture = { workload: raced, backends: raced.backends, webgpuEngines: raced.webgpuEngines, rows: job.raceRows };
      void this.record('race', job.id, (env) => resultFromRace(capture, env));
    });
  }

  private async record(kind: RecordedKind, runId: number, build: (env: DeviceForShare) => BuiltResult): Promise<void> {
    this.set(kind, runId, { status: 'preparing', result: null, reason: null, saving: false, saveError: null });
    const built = build(await this.deps.device());
    for (const listener of this.recordedListeners) listener(kind, runId, built);
    if (!built.ok) {
      this.set(kind, runId, { status: 'unavailable', reason: built.reason });
      return;
    }
    this.set(kind, runId, { status: 'ready', result: built.result, saving: true });
    const saveError = await this.deps.history.add(entryFor(built.result));
    this.set(kind, runId, { saving: false, saveError });
  }

  /** Updates the record of run `runId`, unless a newer run of that kind replaced it meanwhile. */
  private set(kind: RecordedKind, runId: number, patch: Partial<RecordedRun>): void {
    const current = this.snapshot[kind];
    if (current && current.runId > runId) return;
    const base: RecordedRun = current?.runId === runId ? current : { kind, runId, status: 'preparing', result: null, reason: null, saving: false, saveError: null };
    this.snapshot = { ...this.snapshot, [kind]: { ...base, ...patch } };
    for (const listener of this.listeners) listener();
  }
}

/** The page's one recorder; App starts it. */
export const runRecorder = new RunRecorder({ sessions: SESSIONS, lab: labSession, history: historyModel, device: deviceForShare, ownDataset: ownDataList.byId });
