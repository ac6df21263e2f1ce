/// <reference lib="webworker" />
import * as tf from '@tensorflow/tfjs';
import { BACKEND_NAMES } from '../../config/backends';
import { createFetchReader } from '../../data/browserReader';
import { activateBackend, reportedFlags } from '../backends/activate';
import { DatasetCache } from '../datasetCache';
import { CancelToken } from './cancelToken';
import type { LabCommand, LabEvent } from './labProtocol';
import type { LabDeps } from './labWorkload';
import { runLabCommand } from './runLabCommand';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (event: LabEvent) => scope.postMessage(event);

const dataRoot = new URL(`${import.meta.env.BASE_URL}data/`, scope.location.origin).href;

/** Evaluates each reported flag with getAsync, so async flags (wasm SIMD) show their value, not an error. */
async function evaluateFlags(): Promise<void> {
  for (const backend of BACKEND_NAMES) {
    for (const flag of Object.keys(reportedFlags(backend))) {
      try {
        await tf.env().getAsync(flag);
      } catch {
        // A flag of a backend this build does not register: the report lists registered flags only.
      }
    }
  }
}

const deps: LabDeps = { activate: activateBackend, datasets: new DatasetCache(createFetchReader(dataRoot)), flags: reportedFlags, evaluateFlags };

let token = new CancelToken();
/** Jobs run one at a time, in the order they arrive; a cancel applies to the one running. */
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<LabCommand>) => {
  const command = event.data;
  if (command.type === 'cancel') {
    token.cancel();
    return;
  }
  queue = queue.then(() => {
    token = new CancelToken();
    return runLabCommand(command, deps, post, token);
  });
};
