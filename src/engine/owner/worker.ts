/// <reference lib="webworker" />
/**
 * The one worker that owns the device: it holds the job queue and runs every job of every view,
 * one at a time. The only module that touches the worker's message port.
 */
import { backendMessage } from '../../config/backends';
import { BACKEND_START_DEADLINE_MS } from '../../config/tunables';
import { createFetchReader } from '../../data/browserReader';
import { msg } from '../../i18n/message';
import { withDeadline } from '../deadline';
import { activateBackend, evaluateAllFlags, reportedFlags } from '../backends/activate';
import { detectBackends } from '../backends/registry';
import { LastRun } from '../checkpoints/lastRun';
import { DatasetCache } from '../datasetCache';
import { readOwnDatasetFromIdb } from '../ownDatasets';
import { KeptModel } from '../inspect/keptModel';
import { engineRunner } from '../jobs/registry';
import type { OwnerCommand, OwnerEvent } from '../protocol/jobs';
import { handleOwnerCommand } from './commands';
import { runDebugCommand } from './debugCommands';
import { DeviceOwner } from './deviceOwner';
import type { EngineHost } from './host';
import { publicRoot } from './publicRoot';
import { transferablesOf } from './transfer';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (event: OwnerEvent) => scope.postMessage(event, transferablesOf(event));

const dataRoot = new URL('data/', publicRoot(import.meta.env.BASE_URL, scope.location.href)).href;
/** Tells the page while a backend starts, the stretch where a browser can leave this thread stuck (the page's start watch). */
const activate: EngineHost['activate'] = async (...args) => {
  post({ type: 'starting', backend: args[0] });
  try {
    const late = msg('engine.backend.startStalled', { backend: backendMessage(args[0]), seconds: BACKEND_START_DEADLINE_MS / 1000 });
    return await withDeadline(activateBackend(...args), BACKEND_START_DEADLINE_MS, late);
  } finally {
    post({ type: 'starting', backend: null });
  }
};

const host: EngineHost = {
  activate,
  datasets: new DatasetCache(createFetchReader(dataRoot), readOwnDatasetFromIdb),
  flags: reportedFlags,
  evaluateFlags: evaluateAllFlags,
  detect: detectBackends,
  lastRun: new LastRun(),
  kept: new KeptModel(),
};
const owner = new DeviceOwner(engineRunner(host), post);

scope.onmessage = (message: MessageEvent<OwnerCommand>) => handleOwnerCommand(message.data, owner, detectBackends, post, runDebugCommand);
