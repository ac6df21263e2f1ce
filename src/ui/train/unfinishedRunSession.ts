/**
 * A training view's unfinished run: each checkpoint file its run sends (epoch ends, "Save
 * checkpoint") is kept in the view's one slot in the browser, so the run survives a reload; what the
 * slot held when the view opened is offered to resume or discard; a run that finishes clears the slot
 * it wrote. The Train view and the GAN studio have one each.
 */
import type { CheckpointFile } from '../../engine/protocol/training';
import { detailOf, msg, type Message } from '../../i18n/message';
import { openSlotStorage, UNFINISHED_DB_NAMES, UnfinishedRunSlot, type UnfinishedRunReading } from '../../share/unfinishedRun';
import { cnnSession, ganSession, type TrainingKind, type TrainingSession } from '../session';

export interface UnfinishedRunSnapshot {
  /** What the slot held when the view opened: offered until resumed, discarded, or a new run starts. */
  offer: UnfinishedRunReading;
  /** The latest checkpoint of the run on screen kept in the browser. */
  saved: { step: number; epoch: number; reason: CheckpointFile['reason']; savedAt: string } | null;
  /** The last storage failure; null once one succeeds again. */
  error: Message | null;
}

const EMPTY: UnfinishedRunReading = { status: 'empty' };

export class UnfinishedRunSession {
  private snapshot: UnfinishedRunSnapshot = { offer: EMPTY, saved: null, error: null };
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | null = null;
  /** The run (the training store's run id) whose checkpoint the slot holds, once this page wrote or resumed it. */
  private slotRun: number | null = null;

  constructor(
    private readonly training: TrainingSession,
    private readonly slot: UnfinishedRunSlot,
  ) {
    training.onCheckpointFile((file, runId) => void this.keep(file, runId));
    let lastRun = training.store.runId;
    let lastState = training.store.getSnapshot().state;
    training.store.subscribe(() => {
      const { runId } = training.store;
      const { state } = training.store.getSnapshot();
      // A new run replaces the slot at its first checkpoint: the old offer goes.
      if (runId !== lastRun) this.update({ offer: EMPTY, saved: null });
      if (state === 'finished' && (lastState !== 'finished' || runId !== lastRun) && runId === this.slotRun) void this.clear();
      lastRun = runId;
      lastState = state;
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UnfinishedRunSnapshot => this.snapshot;

  /** Reads the slot once (the first time the Train view opens). */
  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  /** Starts the offered run again from its checkpoint: its own settings, its loss curve drawn first. */
  resume = (): void => {
    const { offer } = this.snapshot;
    if (offer.status !== 'ready') return;
    this.slotRun = this.training.start(offer.run.header.config, offer.run.bytes);
    this.update({ offer: EMPTY, saved: null });
  };

  /** Empties the slot (a damaged record included). */
  discard = async (): Promise<void> => {
    await this.clear();
    if (this.snapshot.error === null) this.update({ offer: EMPTY });
  };

  private async read(): Promise<void> {
    const runAtRead = this.training.store.runId;
    try {
      const offer = await this.slot.read();
      // A run started meanwhile will replace the slot: nothing to offer then.
      if (this.training.store.runId === runAtRead) this.update({ offer });
    } catch (error) {
      this.update({ error: msg('unfinished.readFailed', { detail: detailOf(error) }) });
    }
  }

  private async keep(file: CheckpointFile, runId: number): Promise<void> {
    // Before the write resolves, so a finish right after it clears the slot (the slot runs its operations in order).
    this.slotRun = runId;
    try {
      const run = await this.slot.write(file.bytes);
      if (this.training.store.runId === runId) this.update({ saved: { step: file.step, epoch: file.epoch, reason: file.reason, savedAt: run.savedAt }, error: null });
    } catch (error) {
      this.update({ error: msg('unfinished.keepFailed', { step: file.step, detail: detailOf(error) }) });
    }
  }

  private async clear(): Promise<void> {
    try {
      await this.slot.clear();
      this.slotRun = null;
      this.update({ saved: null, error: null });
    } catch (error) {
      this.update({ error: msg('unfinished.clearFailed', { detail: detailOf(error) }) });
    }
  }

  private update(patch: Partial<UnfinishedRunSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

export const UNFINISHED_RUNS: Record<TrainingKind, UnfinishedRunSession> = {
  cnn: new UnfinishedRunSession(cnnSession, new UnfinishedRunSlot(() => openSlotStorage(UNFINISHED_DB_NAMES.cnn), 'cnn')),
  gan: new UnfinishedRunSession(ganSession, new UnfinishedRunSlot(() => openSlotStorage(UNFINISHED_DB_NAMES.gan), 'gan')),
};
