/**
 * How a shared result is repeated on this device: which settings, on which backends, and what to
 * tell the user about what differs. Pure, so what "Run on this device" does is tested.
 */
import { availableNames, backendMessage, firstAvailable, STAND_IN_ORDER, type BackendAvailability, type BackendName } from '../config/backends';
import { datasetMessage, isOwnDatasetId, type OwnDatasetSummary } from '../config/datasets';
import { parseLabSettings, type LabSettings } from '../config/labConfig';
import { settingsRefused } from '../config/schema';
import { WORKLOADS, type RunConfig } from '../config/workloads';
import { msg, type Message } from '../i18n/message';
import { holdsOwnDataset, ownDatasetMessage } from './ownDatasetFacts';
import { labSettingsOfRace } from './resultSettings';
import type { SharedResult } from './resultTypes';

export type RacePlan = { ok: true; settings: LabSettings; note: Message | null } | { ok: false; note: Message };
export type TrainingPlan = { ok: true; config: RunConfig; stopAtStep: number | null; note: Message | null } | { ok: false; note: Message };

/** Backends by their labels, in the reader's language: "WebGL, WebGPU". */
function backendList(backends: readonly BackendName[]): Message {
  return backends.slice(1).reduce((list: Message, b) => msg('share.here.list', { list, item: backendMessage(b) }), backendMessage(backends[0]));
}

/** The sender's race on the sender's backends that this browser has; the lab's default for anything it refuses. */
export function planRaceHere(theirs: SharedResult, available: readonly BackendName[]): RacePlan {
  const wanted = theirs.race?.backends ?? [];
  const raced = wanted.filter((b) => available.includes(b));
  if (raced.length === 0) return { ok: false, note: wanted.length ? msg('share.here.noneOf', { backends: backendList(wanted) }) : msg('share.here.noBackends') };
  const { settings, errors } = parseLabSettings({ ...labSettingsOfRace(theirs), backends: raced });
  const missing = wanted.filter((b) => !raced.includes(b));
  const notes = [...errors.map((e) => msg('share.here.defaultUsed', { problem: e.message })), ...(missing.length ? [msg('share.here.notRaced', { backends: backendList(missing) })] : [])];
  return { ok: true, settings, note: notes.length ? notes.reduce((first, then) => msg('share.here.then', { first, then })) : null };
}

/** The last step the sender's curves reached: a run here stops there too. */
export function lastSharedStep(result: SharedResult): number | null {
  const last = Math.max(0, ...result.curves.flatMap((c) => c.points.map(([step]) => step)));
  return last > 0 ? last : null;
}

/**
 * The sender's training run, on their backend where this browser has it, else the fastest one it has
 * (a software GPU only after WebAssembly); refused in a sentence naming the set when it trained on a
 * data set of their own that this browser does not hold (`heldOwn`: the own sets kept here).
 */
export function planTrainingHere(theirs: SharedResult, here: readonly BackendAvailability[] | null, heldOwn: readonly Pick<OwnDatasetSummary, 'id' | 'hash'>[] = []): TrainingPlan {
  const { dataset } = theirs.config;
  if (isOwnDatasetId(dataset) && !holdsOwnDataset(dataset, theirs.ownDataset, heldOwn)) {
    return { ok: false, note: msg('share.here.ownMissing', { dataset: theirs.ownDataset ? ownDatasetMessage(theirs.ownDataset) : datasetMessage(dataset) }) };
  }
  const wanted = theirs.config.backend;
  const backend = availableNames(here).includes(wanted) ? wanted : firstAvailable(STAND_IN_ORDER, here);
  if (backend === null) return { ok: false, note: msg('share.here.notYet') };
  const { config, errors } = WORKLOADS[theirs.config.workload].parse({ ...theirs.config, backend });
  if (errors.length) return { ok: false, note: msg('share.here.unusable', { problem: settingsRefused(errors) }) };
  const note = backend === wanted ? null : msg('share.here.standIn', { wanted: backendMessage(wanted), backend: backendMessage(backend) });
  return { ok: true, config, stopAtStep: lastSharedStep(theirs), note };
}
