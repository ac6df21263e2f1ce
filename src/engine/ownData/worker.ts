/// <reference lib="webworker" />
/**
 * The data set worker: imports pictures (decoded by the browser off the page's thread), CSVs and data
 * set files, and keeps own data sets in IndexedDB. The only module that touches its message port.
 */
import { openIdbRecords } from '../../data/own/idbRecords';
import { ownDataStore, type OwnDataStore } from '../../data/own/store';
import type { OwnDataCommand, OwnDataEvent } from '../protocol/ownData';
import { decodeInBrowser } from './browserDecoder';
import { OwnDataService } from './service';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (event: OwnDataEvent) => scope.postMessage(event, event.type === 'file' ? [event.bytes] : []);

let store: Promise<OwnDataStore> | null = null;
const service = new OwnDataService(
  {
    store: () => (store ??= openIdbRecords().then(ownDataStore)).catch((err: unknown) => {
      store = null;
      throw err;
    }),
    decode: decodeInBrowser,
    seed: () => crypto.getRandomValues(new Uint32Array(1))[0],
    now: () => new Date(),
  },
  post,
);

scope.onmessage = (message: MessageEvent<OwnDataCommand>) => void service.handle(message.data);
