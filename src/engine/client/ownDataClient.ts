/**
 * The page's side of the data set worker: one request, one answer (imports report progress on the
 * way). The worker starts on the first request; a worker that dies fails what was asked of it with a
 * sentence, and the next request starts a fresh one.
 */
import type { ImportFormatId, OwnDatasetSummary } from '../../config/datasets';
import { msg, MessageError } from '../../i18n/message';
import type { DrawnClassPictures, OwnDataCommand, OwnDataEvent, OwnDataListed, PickedFile } from '../protocol/ownData';

/** What the client needs of a Worker. */
export interface OwnDataPort {
  postMessage(command: OwnDataCommand): void;
  onmessage: ((event: MessageEvent<OwnDataEvent>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

type Pending = { resolve(event: OwnDataEvent): void; reject(err: Error): void; onProgress?(done: number, total: number): void };

/** Distributes `Omit` over a union, so each command keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface ImportTask {
  readonly id: number;
  readonly done: Promise<{ summary: OwnDatasetSummary; skipped: readonly string[] }>;
}

export class OwnDataClient {
  private port: OwnDataPort | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly spawn: () => OwnDataPort) {}

  async list(): Promise<OwnDataListed> {
    const event = await this.ask({ type: 'list' }).done;
    if (event.type !== 'listed') throw new Error(`unexpected answer ${event.type}`);
    return { datasets: event.datasets, damaged: event.damaged };
  }

  importFolder(name: string, files: readonly PickedFile[], onProgress: (done: number, total: number) => void, format: ImportFormatId = 'gray28'): ImportTask {
    return this.imported(this.ask({ type: 'importFolder', name, files, format }, onProgress));
  }

  importFile(name: string, file: PickedFile, onProgress: (done: number, total: number) => void, format: ImportFormatId = 'gray28'): ImportTask {
    return this.imported(this.ask({ type: 'importFile', name, file, format }, onProgress));
  }

  /** Drawings or camera frames, by class, made into a data set and kept. */
  importDrawn(name: string, classes: readonly DrawnClassPictures[]): ImportTask {
    return this.imported(this.ask({ type: 'importDrawn', name, classes }));
  }

  stop(id: number): void {
    this.port?.postMessage({ type: 'stop', id });
  }

  async file(datasetId: string): Promise<{ summary: OwnDatasetSummary; bytes: ArrayBuffer }> {
    const event = await this.ask({ type: 'file', datasetId }).done;
    if (event.type !== 'file') throw new Error(`unexpected answer ${event.type}`);
    return { summary: event.summary, bytes: event.bytes };
  }

  async remove(datasetId: string): Promise<void> {
    await this.ask({ type: 'remove', datasetId }).done;
  }

  private imported({ id, done }: { id: number; done: Promise<OwnDataEvent> }): ImportTask {
    return {
      id,
      done: done.then((event) => {
        if (event.type !== 'imported') throw new Error(`unexpected answer ${event.type}`);
        return { summary: event.summary, skipped: event.skipped };
      }),
    };
  }

  private ask(command: WithoutId<OwnDataCommand>, onProgress?: (done: number, total: number) => void): { id: number; done: Promise<OwnDataEvent> } {
    const id = this.nextId++;
    const done = new Promise<OwnDataEvent>((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress }));
    this.portNow().postMessage({ ...command, id } as OwnDataCommand);
    return { id, done };
  }

  private portNow(): OwnDataPort {
    if (this.port) return this.port;
    const port = this.spawn();
    port.onmessage = ({ data }) => this.receive(data);
    port.onerror = (event) => {
      event.preventDefault?.();
      port.terminate();
      if (this.port === port) this.port = null;
      const error = new MessageError(msg('ownData.failed', { detail: event.message || msg('error.unknown') }));
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.port = port;
    return port;
  }

  private receive(event: OwnDataEvent): void {
    const waiting = this.pending.get(event.id);
    if (!waiting) return;
    if (event.type === 'progress') return waiting.onProgress?.(event.done, event.total);
    this.pending.delete(event.id);
    if (event.type === 'failed') waiting.reject(new MessageError(event.error));
    else waiting.resolve(event);
  }
}

/** Starts the data set worker; Vite bundles it as its own chunk (no TensorFlow.js in it). */
export function spawnOwnDataWorker(): OwnDataPort {
  return new Worker(new URL('../ownData/worker.ts', import.meta.url), { type: 'module', name: 'own-data' }) as unknown as OwnDataPort;
}
