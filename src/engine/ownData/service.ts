/**
 * What the data set worker does with each command, over an injected store and picture decoder, so
 * it runs the same in Node tests (a Map, a PNG decoder) as in the browser (IndexedDB, createImageBitmap).
 */
import { importCsv } from '../../data/own/csvImport';
import { makeDrawnDataset } from '../../data/own/drawn';
import { decodeOwnDataset, MAX_DATASET_FILE_BYTES } from '../../data/own/fileFormat';
import { importImageFolder, importImageZip, type ImageDecoder } from '../../data/own/imageImport';
import { MAX_ENTRIES, MAX_SOURCE_BYTES } from '../../data/own/limits';
import { megabytes, refuse, refusalOf, type OwnSource } from '../../data/own/refusal';
import type { OwnDataStore } from '../../data/own/store';
import { importFormatOf, type OwnDataset, type OwnDatasetOptions, type OwnImageFormat } from '../../data/own/types';
import { messageOf, type Message } from '../../i18n/message';
import type { OwnDataCommand, OwnDataEvent, PickedFile } from '../protocol/ownData';

export interface OwnDataServiceDeps {
  store(): Promise<OwnDataStore>;
  decode: ImageDecoder;
  /** A fresh uint32 for a data set's split (the page may not choose it in this version). */
  seed(): number;
  now(): Date;
}

type Made = { ok: true; dataset: OwnDataset; skipped: readonly string[] } | { ok: false; error: Message };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Fewest milliseconds between two progress events of an import. */
const PROGRESS_EVERY_MS = 50;
const GPDS_MAGIC = [0x47, 0x50, 0x44, 0x53];
/** The importers' own caps on files and bytes, checked from the sizes the browser knows before anything is read into memory. */
function beyondCaps(source: OwnSource, files: number, bytes: number): Made | null {
  try {
    if (files > MAX_ENTRIES) refuse('check.images.tooManyFiles', { max: MAX_ENTRIES });
    // The zip importer's own words for an archive over the cap (zip.ts); the folder's for a folder.
    if (bytes > MAX_SOURCE_BYTES) refuse(source === 'zip' ? 'check.dataset.why.tooLarge' : 'check.images.tooLarge', { size: megabytes(bytes), max: megabytes(MAX_SOURCE_BYTES) });
    return null;
  } catch (err) {
    return { ok: false, error: refusalOf(source, err) };
  }
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

async function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

export class OwnDataService {
  private readonly running = new Map<number, AbortController>();

  constructor(
    private readonly deps: OwnDataServiceDeps,
    private readonly post: (event: OwnDataEvent) => void,
  ) {}

  async handle(command: OwnDataCommand): Promise<void> {
    const { id } = command;
    try {
      switch (command.type) {
        case 'list': {
          const listing = await (await this.deps.store()).list();
          return this.post({ type: 'listed', id, datasets: listing.datasets, damaged: listing.damaged });
        }
        case 'importFolder':
          return await this.keep(id, (signal) => this.fromFolder(command.files, command.name, id, signal, importFormatOf(command.format)));
        case 'importFile':
          return await this.keep(id, (signal) => this.fromFile(command.file, command.name, id, signal, importFormatOf(command.format)));
        case 'importDrawn':
          return await this.keep(id, async (signal) => {
            const made = makeDrawnDataset(command.classes, this.options(command.name, id, signal));
            return made.ok ? { ...made, skipped: [] } : made;
          });
        case 'stop':
          this.running.get(id)?.abort();
          return;
        case 'file': {
          const { summary, file } = await (await this.deps.store()).file(command.datasetId);
          return this.post({ type: 'file', id, summary, bytes: file });
        }
        case 'remove':
          await (await this.deps.store()).remove(command.datasetId);
          return this.post({ type: 'removed', id });
        default:
          return command satisfies never;
      }
    } catch (err) {
      this.post({ type: 'failed', id, error: messageOf(err) });
    }
  }

  private async keep(id: number, make: (signal: AbortSignal) => Promise<Made>): Promise<void> {
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      const made = await make(controller.signal);
      if (!made.ok) return this.post({ type: 'failed', id, error: made.error });
      const summary = await (await this.deps.store()).put(made.dataset);
      this.post({ type: 'imported', id, summary, skipped: made.skipped });
    } finally {
      this.running.delete(id);
    }
  }

  private options(name: string, id: number, signal: AbortSignal): OwnDatasetOptions & { signal: AbortSignal; onProgress(done: number, total: number): void } {
    let lastProgress = -Infinity;
    return {
      name,
      seed: this.deps.seed(),
      createdAt: this.deps.now().toISOString(),
      signal,
      onProgress: (done, total) => {
        // At most one progress event per PROGRESS_EVERY_MS (and the last): a page re-render per picture is wasted work.
        const now = performance.now();
        if (done < total && now - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = now;
        this.post({ type: 'progress', id, done, total });
      },
    };
  }

  private async fromFolder(files: readonly PickedFile[], name: string, id: number, signal: AbortSignal, format: OwnImageFormat): Promise<Made> {
    const tooMuch = beyondCaps('images', files.length, files.reduce((sum, f) => sum + f.file.size, 0));
    if (tooMuch) return tooMuch;
    const entries = await Promise.all(files.map(async ({ path, file }) => ({ path, bytes: await bytesOf(file) })));
    return importImageFolder(entries, this.deps.decode, { ...this.options(name, id, signal), format });
  }

  private async fromFile({ file }: PickedFile, name: string, id: number, signal: AbortSignal, format: OwnImageFormat): Promise<Made> {
    const head = await bytesOf(file.slice(0, 4));
    if (startsWith(head, GPDS_MAGIC)) {
      // One byte over the cap is enough for the validator to refuse a huge file by its size, without reading it all.
      const read = decodeOwnDataset(await file.slice(0, MAX_DATASET_FILE_BYTES + 1).arrayBuffer());
      return read.ok ? { ...read, skipped: [] } : read;
    }
    if (startsWith(head, ZIP_MAGIC)) return beyondCaps('zip', 1, file.size) ?? importImageZip(await bytesOf(file), this.deps.decode, { ...this.options(name, id, signal), format });
    const read = await importCsv(file, this.options(name, id, signal));
    return read.ok ? { ...read, skipped: [] } : read;
  }
}
