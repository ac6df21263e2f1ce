/**
 * The page's settings outside React, kept in the URL hash: written as the user changes them (one
 * history entry per burst of edits, so back / forward step between settings), read on load and on
 * back / forward. Link problems found while reading are kept for the page to show.
 */
import { VIEWS, type FormId, type ViewId } from '../config/views';
import type { Message } from '../i18n/message';
import { defaultPageSettings, settingsFromHash, settingsToHash, type PageSettings } from './pageSettings';

/** Edits closer together than this share one history entry, ms. */
export const HISTORY_COALESCE_MS = 1000;

export type HistoryMode = 'push' | 'replace' | 'coalesce';

export interface SettingsSnapshot {
  settings: PageSettings;
  /** The shared result's raw payload while one is open (kept in the hash as `r`). */
  resultPayload: string | null;
  /** A lesson document's raw payload while one is open (kept in the hash as `ld`). */
  lessonPayload: string | null;
  /** The class board's raw payload while it has results that fit a link (kept in the hash as `bd`). */
  boardPayload: string | null;
  /** The open view's settings the link last read carried itself (a lesson step yields to them). */
  carried: Readonly<Record<string, string>>;
  /** The view whose form `carried` belongs to (the one the link last read opened). */
  carriedView: ViewId;
  /** Problems of the link last read (on load or back / forward); empty when it read cleanly. */
  linkErrors: Message[];
  /** Counts the links read after the first (edited address bar, back / forward), so followers can drop stale messages. */
  navigation: number;
}

/** The parts of window the store needs, so tests can hand it fakes. */
export interface UrlHost {
  readHash(): string;
  writeHash(hash: string, mode: 'push' | 'replace'): void;
  onNavigate(listener: () => void): void;
  now(): number;
}

/** Whether the link last read set this field of this form itself (a field it left out took its default). */
export function carriedByLink(snapshot: Pick<SettingsSnapshot, 'carried' | 'carriedView'>, form: FormId, key: string): boolean {
  return VIEWS[snapshot.carriedView].form === form && Object.hasOwn(snapshot.carried, key);
}

export class SettingsStore {
  private snapshot: SettingsSnapshot;
  private readonly listeners = new Set<() => void>();
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private lastHash: string;

  constructor(private readonly host: UrlHost) {
    this.lastHash = host.readHash();
    const read = settingsFromHash(this.lastHash, defaultPageSettings());
    this.snapshot = {
      settings: read.settings,
      resultPayload: read.resultPayload,
      lessonPayload: read.lessonPayload,
      boardPayload: read.boardPayload,
      carried: read.carried,
      carriedView: read.carriedView,
      linkErrors: read.errors,
      navigation: 0,
    };
    host.onNavigate(() => this.readUrl());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SettingsSnapshot => this.snapshot;

  /** Changes settings and writes the hash. */
  update(recipe: (settings: PageSettings) => PageSettings, mode: HistoryMode = 'coalesce'): void {
    const settings = recipe(this.snapshot.settings);
    if (settings === this.snapshot.settings) return;
    this.publish({ ...this.snapshot, settings });
    this.writeUrl(mode);
  }

  /** Opens (a payload) or closes (null) the shared result in the hash. */
  setResultPayload(payload: string | null, mode: HistoryMode = 'push'): void {
    if (payload === this.snapshot.resultPayload) return;
    this.publish({ ...this.snapshot, resultPayload: payload });
    this.writeUrl(mode);
  }

  /** Opens (a payload) or closes (null) a lesson document in the hash, with settings changed alongside in one entry. */
  setLessonPayload(payload: string | null, recipe: (settings: PageSettings) => PageSettings = (s) => s, mode: HistoryMode = 'push'): void {
    const settings = recipe(this.snapshot.settings);
    if (payload === this.snapshot.lessonPayload && settings === this.snapshot.settings) return;
    this.publish({ ...this.snapshot, settings, lessonPayload: payload });
    this.writeUrl(mode);
  }

  /** Puts the class board's payload in the hash (null: takes it out), in place of the entry before: the board is the page's state, not a step back. */
  setBoardPayload(payload: string | null, mode: HistoryMode = 'replace'): void {
    if (payload === this.snapshot.boardPayload) return;
    this.publish({ ...this.snapshot, boardPayload: payload });
    this.writeUrl(mode);
  }

  dismissLinkErrors(): void {
    if (this.snapshot.linkErrors.length) this.publish({ ...this.snapshot, linkErrors: [] });
  }

  private readUrl(): void {
    const hash = this.host.readHash();
    if (hash === this.lastHash) return;
    this.lastHash = hash;
    const read = settingsFromHash(hash, this.snapshot.settings);
    this.publish({
      settings: read.settings,
      resultPayload: read.resultPayload,
      lessonPayload: read.lessonPayload,
      boardPayload: read.boardPayload,
      carried: read.carried,
      carriedView: read.carriedView,
      linkErrors: read.errors,
      navigation: this.snapshot.navigation + 1,
    });
  }

  private writeUrl(mode: HistoryMode): void {
    const hash = settingsToHash(this.snapshot.settings, this.snapshot.resultPayload, this.snapshot.lessonPayload, this.snapshot.boardPayload);
    if (hash === this.lastHash) return;
    const now = this.host.now();
    const resolved = mode === 'coalesce' ? (now - this.lastWriteAt < HISTORY_COALESCE_MS ? 'replace' : 'push') : mode;
    this.lastWriteAt = now;
    this.lastHash = hash;
    this.host.writeHash(hash, resolved);
  }

  private publish(snapshot: SettingsSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
