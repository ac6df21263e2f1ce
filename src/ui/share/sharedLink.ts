/**
 * A shared result opened from the URL: decoded (never trusted), shown as the sender's, and, on
 * request, run again here and compared. The comparison fills in when the run here ends.
 */
import type { BackendName } from '../../config/backends';
import { GAN_SCHEMA } from '../../config/ganConfig';
import { CNN_SCHEMA } from '../../config/runConfig';
import { parseLabWorkload } from '../../engine/lab/labSettings';
import { decodeResultLink } from '../../share/linkCodec';
import type { SharedResult } from '../../share/resultDoc';
import { labSession } from '../lab/labSession';
import { entryFor, historyModel } from './historyModel';
import { labValuesOf, rawValuesOf, type PageSettings } from './pageSettings';
import { settingsStore } from './pageStore';
import { runRecorder, type RecordedKind } from './runRecorder';
import { SESSIONS, startTraining, type TrainingKind } from './runLauncher';
import { workloadKind } from './resultSummary';

/** Preferred stand-in when the sender's backend is not available here: fastest first. */
const FALLBACK_ORDER: BackendName[] = ['webgl', 'webgpu', 'wasm', 'cpu'];

export interface Comparison {
  status: 'idle' | 'running' | 'done' | 'failed';
  kind: RecordedKind | null;
  runId: number | null;
  local: SharedResult | null;
  /** What happened, in plain words (a substituted backend, why it failed). */
  note: string | null;
}

export interface SharedSnapshot {
  status: 'none' | 'reading' | 'ready';
  result: SharedResult | null;
  /** What could not be read from the shared result; shown with the link's other problems. */
  errors: string[];
  compare: Comparison;
}

const IDLE: Comparison = { status: 'idle', kind: null, runId: null, local: null, note: null };

/** FNV-1a, 32 bits: a short stable id for a received payload. */
export function payloadId(payload: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < payload.length; i++) hash = Math.imul(hash ^ payload.charCodeAt(i), 0x01000193);
  return `received-${(hash >>> 0).toString(36)}-${payload.length}`;
}

class SharedLink {
  private snapshot: SharedSnapshot = { status: 'none', result: null, errors: [], compare: IDLE };
  private readonly listeners = new Set<() => void>();
  private payload: string | null = null;
  private started = false;
  /** The sender's last step: a run here that would go further stops there, as the sender's did. */
  private stopAtStep: number | null = null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SharedSnapshot => this.snapshot;

  start(): void {
    if (this.started) return;
    this.started = true;
    settingsStore.subscribe(() => this.follow(settingsStore.getSnapshot().resultPayload));
    runRecorder.onRecorded((kind, runId, built) => {
      const { compare } = this.snapshot;
      if (compare.status !== 'running' || compare.kind !== kind || compare.runId !== runId) return;
      this.update({ compare: built.ok ? { ...compare, status: 'done', local: built.result } : { ...compare, status: 'failed', note: built.reason } });
    });
    labSession.subscribe(() => this.watchRace());
    for (const kind of ['cnn', 'gan'] as const) SESSIONS[kind].store.subscribe(() => this.watchTraining(kind));
    this.follow(settingsStore.getSnapshot().resultPayload);
  }

  dismissErrors(): void {
    if (this.snapshot.errors.length) this.update({ errors: [] });
  }

  /** Closes the shared result (and drops it from the URL). */
  close(): void {
    settingsStore.setResultPayload(null, 'push');
  }

  /** Repeats the sender's run here; the comparison fills in when it ends. */
  runHere(): void {
    const theirs = this.snapshot.result;
    if (!theirs || this.snapshot.compare.status === 'running') return;
    if (this.payload) void historyModel.add(entryFor(theirs, payloadId(this.payload)));
    const kind = workloadKind(theirs);
    if (kind === 'race') this.raceHere(theirs);
    else this.trainHere(kind, theirs);
  }

  private raceHere(theirs: SharedResult): void {
    const { backends, running } = labSession.getSnapshot();
    if (running) return this.fail('race', 'The lab is busy: wait for its job to finish, or cancel it, then try again.');
    const available = (backends ?? []).filter((b) => b.available).map((b) => b.name);
    const raced = (theirs.race?.backends ?? []).filter((b) => available.includes(b));
    if (raced.length === 0) return this.fail('race', `None of the sender's backends (${theirs.race?.backends.join(', ')}) is available here.`);
    const { workload, errors } = parseLabWorkload({
      model: theirs.config.model,
      dataset: theirs.config.dataset,
      batchSize: theirs.config.batchSize,
      seed: theirs.config.seed,
      warmupSteps: theirs.race?.warmupSteps,
      measuredSteps: theirs.race?.measuredSteps,
    });
    settingsStore.update((s): PageSettings => ({ ...s, view: 'lab', lab: labValuesOf(workload), raceBackends: raced }), 'replace');
    const runId = labSession.start({ type: 'race', workload, backends: raced });
    if (runId === null) return this.fail('race', 'The lab is busy: try again in a moment.');
    const missing = (theirs.race?.backends ?? []).filter((b) => !raced.includes(b));
    const notes = [...errors.map((e) => `${e.message}: the lab's default is used`), ...(missing.length ? [`Not available here, so not raced: ${missing.join(', ')}`] : [])];
    this.stopAtStep = null;
    this.update({ compare: { status: 'running', kind: 'race', runId, local: null, note: notes.join('. ') || null } });
  }

  private trainHere(kind: TrainingKind, theirs: SharedResult): void {
    const { store } = SESSIONS[kind];
    const { state, backends } = store.getSnapshot();
    if (['loading', 'training', 'paused'].includes(state)) return this.fail(kind, 'A run is in progress in that view: stop it first, then try again.');
    const available = (backends ?? []).filter((b) => b.available).map((b) => b.name);
    const wanted = theirs.config.backend;
    const backend = available.includes(wanted) ? wanted : (FALLBACK_ORDER.find((b) => available.includes(b)) ?? null);
    if (backend === null) return this.fail(kind, 'The backends of this browser are still being detected: try again in a moment.');
    const form = rawValuesOf(kind === 'cnn' ? CNN_SCHEMA : GAN_SCHEMA, { ...theirs.config, backend });
    settingsStore.update((s): PageSettings => ({ ...s, view: kind === 'cnn' ? 'train' : 'gan', [kind]: form }), 'replace');
    const runId = startTraining(kind);
    if (runId === null) return this.fail(kind, 'The shared settings could not be used here.');
    const lastStep = Math.max(0, ...theirs.curves.flatMap((c) => c.points.map(([step]) => step)));
    this.stopAtStep = lastStep > 0 ? lastStep : null;
    const note = backend === wanted ? null : `${wanted} is not available here, so it runs on ${backend}.`;
    this.update({ compare: { status: 'running', kind, runId, local: null, note } });
  }

  private fail(kind: RecordedKind, note: string): void {
    this.update({ compare: { status: 'failed', kind, runId: null, local: null, note } });
  }

  /** Ends the comparison when the race here fails or is cancelled. */
  private watchRace(): void {
    const { compare } = this.snapshot;
    if (compare.status !== 'running' || compare.kind !== 'race') return;
    const job = labSession.getSnapshot().jobs.race;
    if (job?.runId !== compare.runId) return;
    if (job.status === 'error') this.update({ compare: { ...compare, status: 'failed', note: job.error } });
    if (job.status === 'cancelled') this.update({ compare: { ...compare, status: 'failed', note: 'The race here was cancelled.' } });
  }

  /** Stops a run here at the sender's last step, and ends the comparison if the run fails. */
  private watchTraining(kind: TrainingKind): void {
    const { compare } = this.snapshot;
    const { store, client } = SESSIONS[kind];
    if (compare.status !== 'running' || compare.kind !== kind || store.runId !== compare.runId) return;
    const { state, latest, error, info } = store.getSnapshot();
    if (state === 'error') return this.update({ compare: { ...compare, status: 'failed', note: error } });
    const stopsEarly = this.stopAtStep !== null && info !== null && info.totalSteps > this.stopAtStep;
    if (state === 'training' && stopsEarly && latest && this.stopAtStep !== null && latest.step >= this.stopAtStep) {
      this.stopAtStep = null;
      client.send({ type: 'stop' });
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
      settingsStore.setResultPayload(null, 'replace');
    });
  }

  private update(patch: Partial<SharedSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

export const sharedLink = new SharedLink();
