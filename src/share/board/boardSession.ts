/**
 * The class board on screen, outside React and without window: the results on it, the group shown,
 * what the last paste refused, and the board in the page's link (`bd=`, kept up to date while the
 * board fits a link, so a reload or a copied address keeps it). A board link read (on load, back /
 * forward) replaces the board with its own.
 */
import type { Message } from '../../i18n/message';
import type { SettingsStore } from '../settingsStore';
import type { BoardEntry } from './boardEntry';
import { boardPayloadThatFits, type BoardPayload } from './boardDoc';
import { decodeBoardLink } from './boardInput';
import { addReading, EMPTY_BOARD, removeEntry, withoutRefusals, type BoardReading, type BoardState } from './boardModel';
import { readingMessage } from './boardText';

export interface BoardSnapshot {
  board: BoardState;
  /** A paste, files or a board link being read. */
  reading: boolean;
  /** The group the teacher picked (its workload key); null: the largest. */
  chosen: string | null;
  /** Whether the board fits a link, and if not how many of its results would. Null while it is measured. */
  payload: BoardPayload | null;
  /** What the last addition did, for the live region. */
  said: Message | null;
}

const INITIAL: BoardSnapshot = { board: EMPTY_BOARD, reading: false, chosen: null, payload: { fits: true, payload: '' }, said: null };

export class BoardSession {
  private snapshot: BoardSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  /** The `bd` payload this board last wrote or read: the link already says this board. */
  private inLink: string | null = null;
  /** Counts board changes, so a slower measurement of an older board never overwrites a newer one. */
  private version = 0;
  private started = false;

  constructor(private readonly settings: SettingsStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): BoardSnapshot => this.snapshot;

  /** Follows the page's link from now on; a board in the link the page opened with is read. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.settings.subscribe(() => this.follow());
    this.follow();
  }

  /** Adds what a paste, a file or History brought; resolves when the board shows it. */
  async add(read: Promise<BoardReading> | BoardReading): Promise<void> {
    this.update({ reading: true });
    const reading = await read;
    const before = new Set(this.snapshot.board.entries.map((e) => e.id));
    this.change(addReading(this.snapshot.board, reading), { reading: false, said: readingMessage(reading, before) });
  }

  remove(id: string): void {
    this.change(removeEntry(this.snapshot.board, id));
  }

  clear(): void {
    this.change(EMPTY_BOARD, { chosen: null, said: null });
  }

  choose(key: string): void {
    this.update({ chosen: key });
  }

  dismissRefusals(): void {
    this.update({ board: withoutRefusals(this.snapshot.board) });
  }

  private follow(): void {
    const { boardPayload } = this.settings.getSnapshot();
    if (boardPayload === this.inLink) return;
    this.inLink = boardPayload;
    this.version++;
    if (boardPayload === null) return this.update({ board: EMPTY_BOARD, chosen: null, payload: INITIAL.payload, said: null });
    const version = this.version;
    this.update({ reading: true });
    void decodeBoardLink(boardPayload).then((reading) => {
      if (version !== this.version) return;
      const board = addReading(EMPTY_BOARD, reading);
      this.update({ board, reading: false, chosen: null, payload: { fits: true, payload: boardPayload }, said: readingMessage(reading, new Set()) });
      // A board link that could not be read, or only in part, is written back as what was read.
      if (reading.refusals.length) void this.measure(board.entries, version);
    });
  }

  private change(board: BoardState, patch: Partial<BoardSnapshot> = {}): void {
    const version = ++this.version;
    this.update({ ...patch, board, payload: null });
    void this.measure(board.entries, version);
  }

  /** Measures the board against a link's limit and puts it in the page's link when it fits (out of it when it does not). */
  private async measure(entries: readonly BoardEntry[], version: number): Promise<void> {
    const payload = entries.length === 0 ? INITIAL.payload : await boardPayloadThatFits(entries);
    if (version !== this.version || payload === null) return;
    this.update({ payload });
    this.inLink = payload.fits && entries.length > 0 ? payload.payload : null;
    this.settings.setBoardPayload(this.inLink);
  }

  private update(patch: Partial<BoardSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
