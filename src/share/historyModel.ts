/** The run history as the page sees it (a StoredList), and the entry a result becomes. */
import { openHistory, type HistoryEntry, type HistoryStore } from './historyStore';
import { StoredList, type StoredListSnapshot } from './storedList';
import type { SharedResult } from './resultDoc';
import { describeWorkload, deviceLine, headline } from './resultSummary';
import { Translator } from '../i18n/translator';
import type { Message } from '../i18n/message';

const ENGLISH = new Translator('en');

/** Ids of entries received through a link start so (see payloadId in src/ui/share/sharedLink.ts). */
export const RECEIVED_ID_PREFIX = 'received-';

export type HistorySnapshot = StoredListSnapshot<HistoryEntry>;

export type NewEntry = Omit<HistoryEntry, 'id'> & { id?: string };

export interface EntryTexts {
  device: string;
  workload: string;
  headline: string;
}

/** What History shows of a result: its device, workload (marked when it came through a link) and headline. */
export function describeEntry(result: SharedResult, received: boolean, t: Translator = ENGLISH): EntryTexts {
  const workload = describeWorkload(result, t);
  return {
    device: deviceLine(result.device, t),
    workload: received ? t.t('share.history.received', { workload }) : workload,
    headline: headline(result, t),
  };
}

/** The texts of a stored entry in the page's language, made afresh from its result (the stored ones are in the language of the day it was kept). */
export function entryTexts(entry: Pick<HistoryEntry, 'id' | 'result'>, t: Translator = ENGLISH): EntryTexts {
  return describeEntry(entry.result, entry.id.startsWith(RECEIVED_ID_PREFIX), t);
}

/**
 * A history entry for a result: run here, or received through a link (kept under a stable id, so it
 * is stored once). Its texts are stored in English by default (the recorder and the shared link,
 * which store entries, live outside React); History shows them in the page's language with entryTexts.
 */
export function entryFor(result: SharedResult, receivedId?: string, t: Translator = ENGLISH): NewEntry {
  return {
    ...(receivedId ? { id: receivedId } : {}),
    createdAt: result.createdAt || new Date().toISOString(),
    ...describeEntry(result, Boolean(receivedId), t),
    result,
  };
}

export class HistoryModel extends StoredList<HistoryEntry, HistoryStore> {
  constructor(open: () => Promise<HistoryStore> = () => openHistory()) {
    super(open);
  }

  /** Stores an entry; resolves with the error message when it could not be stored. */
  add(entry: NewEntry): Promise<Message | null> {
    return this.change((store) => store.add(entry));
  }
}

/** The page's one history. */
export const historyModel = new HistoryModel();
