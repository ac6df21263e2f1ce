/**
 * The page's store for own data sets: asks the data set worker (through its client) to list, import,
 * hand out and delete them, keeps the list (ownDataList.ts) and the import panel's state, and makes a
 * freshly imported set the Train view's data set. Texts are messages; the panel says them.
 */
import { isOwnDatasetId, type ImportFormatId, type OwnDatasetSummary } from '../../config/datasets';
import { OwnDataClient, spawnOwnDataWorker, type ImportTask } from '../../engine/client/ownDataClient';
import type { DrawnClassPictures, PickedFile } from '../../engine/protocol/ownData';
import { messageOf, msg, type Message } from '../../i18n/message';
import { setFormValue } from '../share/pageStore';
import type { ImportProgress } from './importProgress';
import { ownDataList } from './ownDataList';

/** Skipped files named in the sentence at most. */
const SKIPPED_NAMED = 5;

export interface OwnDataState {
  /** The import under way: its task id (for Stop) and how far it got. */
  readonly importing: (ImportProgress & { readonly id: number }) | null;
  /** What the last action came to: a sentence, and whether it is a refusal. */
  readonly outcome: { readonly message: Message; readonly failed: boolean; readonly note?: Message } | null;
  /** Stored records that cannot be read, with why. */
  readonly damaged: readonly { readonly id: string; readonly error: Message }[];
}

let state: OwnDataState = { importing: null, outcome: null, damaged: [] };
const listeners = new Set<() => void>();
let client: OwnDataClient | null = null;

function update(next: Partial<OwnDataState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

function clientNow(): OwnDataClient {
  return (client ??= new OwnDataClient(spawnOwnDataWorker));
}

function failed(err: unknown): void {
  update({ outcome: { message: messageOf(err), failed: true } });
}

async function finishImport(task: ImportTask, making = false): Promise<void> {
  update({ importing: { id: task.id, done: 0, total: 0, making }, outcome: null });
  try {
    const { summary, skipped } = await task.done;
    await refresh();
    setFormValue('cnn', 'dataset', summary.id, 'push');
    const note = skipped.length ? msg('ownData.skipped', { count: skipped.length, names: skipped.slice(0, SKIPPED_NAMED).join(', ') + (skipped.length > SKIPPED_NAMED ? ', …' : '') }) : undefined;
    update({ outcome: { message: importedMessage(summary), failed: false, note } });
  } catch (err) {
    failed(err);
  } finally {
    update({ importing: null });
  }
}

function importedMessage(summary: OwnDatasetSummary): Message {
  return msg('ownData.imported', { name: summary.name, classes: summary.classNames.length, train: summary.trainCount, test: summary.testCount });
}

const onProgress = (done: number, total: number) => {
  if (state.importing) update({ importing: { ...state.importing, done, total } });
};

export async function refresh(): Promise<void> {
  try {
    const listing = await clientNow().list();
    ownDataList.set(listing.datasets);
    update({ damaged: listing.damaged });
  } catch (err) {
    ownDataList.set([]);
    failed(err);
  }
}

export const ownDataSession = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): OwnDataState => state,
  refresh,
  /** Lists the kept sets once, the first time a view needs them. */
  ensureListed(): void {
    if (!ownDataList.getSnapshot().loaded && !listing) listing = refresh().finally(() => (listing = null));
  },
  /** The kept sets, listed first if they were not yet (an empty list when the listing failed: its sentence is the panel's outcome). */
  async listed(): Promise<readonly OwnDatasetSummary[]> {
    ownDataSession.ensureListed();
    if (listing) await listing;
    return ownDataList.getSnapshot().datasets;
  },
  /** A folder of pictures made into `format` (28 x 28 grayscale unless asked otherwise). */
  importFolder(name: string, files: readonly PickedFile[], format: ImportFormatId = 'gray28'): void {
    if (state.importing) return;
    void finishImport(clientNow().importFolder(name, files, onProgress, format));
  },
  /** A zip (made into `format`), a CSV (28 x 28 grayscale) or a data set file (its own format). */
  importFile(name: string, file: PickedFile, format: ImportFormatId = 'gray28'): void {
    if (state.importing) return;
    void finishImport(clientNow().importFile(name, file, onProgress, format));
  },
  /** Drawings or camera frames by class, made into a data set by the worker, kept, and made the Train view's data set. */
  importDrawn(name: string, classes: readonly DrawnClassPictures[]): void {
    if (state.importing) return;
    void finishImport(clientNow().importDrawn(name, classes), true);
  },
  stop(): void {
    if (state.importing) clientNow().stop(state.importing.id);
  },
  use(id: string): void {
    if (isOwnDatasetId(id)) setFormValue('cnn', 'dataset', id, 'push');
  },
  async download(id: string): Promise<{ name: string; bytes: ArrayBuffer } | null> {
    try {
      const { summary, bytes } = await clientNow().file(id);
      return { name: summary.name, bytes };
    } catch (err) {
      failed(err);
      return null;
    }
  },
  async remove(id: string, name: string): Promise<void> {
    try {
      await clientNow().remove(id);
      await refresh();
      update({ outcome: { message: msg('ownData.deleted', { name }), failed: false } });
    } catch (err) {
      failed(err);
    }
  },
};

let listing: Promise<void> | null = null;
