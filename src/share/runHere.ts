/**
 * How a shared result is repeated on this device: which settings, on which backends, and what to
 * tell the user about what differs. Pure, so what "Run on this device" does is tested.
 */
import { availableNames, BACKEND_LABELS, firstAvailable, STAND_IN_ORDER, type BackendAvailability, type BackendName } from '../config/backends';
import { parseLabSettings, type LabSettings } from '../config/labConfig';
import { WORKLOADS, type RunConfig } from '../config/workloads';
import { labSettingsOfRace } from './resultSettings';
import type { SharedResult } from './resultTypes';

export type RacePlan = { ok: true; settings: LabSettings; note: string | null } | { ok: false; note: string };
export type TrainingPlan = { ok: true; config: RunConfig; stopAtStep: number | null; note: string | null } | { ok: false; note: string };

/** The sender's race on the sender's backends that this browser has; the lab's default for anything it refuses. */
export function planRaceHere(theirs: SharedResult, available: readonly BackendName[]): RacePlan {
  const wanted = theirs.race?.backends ?? [];
  const raced = wanted.filter((b) => available.includes(b));
  if (raced.length === 0) return { ok: false, note: `None of the sender's backends (${wanted.join(', ')}) is available here.` };
  const { settings, errors } = parseLabSettings({ ...labSettingsOfRace(theirs), backends: raced });
  const missing = wanted.filter((b) => !raced.includes(b));
  const notes = [...errors.map((e) => `${e.message}: the lab's default is used`), ...(missing.length ? [`Not available here, so not raced: ${missing.join(', ')}`] : [])];
  return { ok: true, settings, note: notes.join('. ') || null };
}

/** The last step the sender's curves reached: a run here stops there too. */
export function lastSharedStep(result: SharedResult): number | null {
  const last = Math.max(0, ...result.curves.flatMap((c) => c.points.map(([step]) => step)));
  return last > 0 ? last : null;
}

/** The sender's training run, on their backend where this browser has it, else the fastest one it has (a software GPU only after WebAssembly). */
export function planTrainingHere(theirs: SharedResult, here: readonly BackendAvailability[] | null): TrainingPlan {
  const wanted = theirs.config.backend;
  const backend = availableNames(here).includes(wanted) ? wanted : firstAvailable(STAND_IN_ORDER, here);
  if (backend === null) return { ok: false, note: 'No backend of this browser is available yet: try again in a moment.' };
  const { config, errors } = WORKLOADS[theirs.config.workload].parse({ ...theirs.config, backend });
  if (errors.length) return { ok: false, note: `The shared settings could not be used here: ${errors.map((e) => e.message).join('; ')}` };
  const note = backend === wanted ? null : `${BACKEND_LABELS[wanted]} is not available here, so it runs on ${BACKEND_LABELS[backend]}.`;
  return { ok: true, config, stopAtStep: lastSharedStep(theirs), note };
}
