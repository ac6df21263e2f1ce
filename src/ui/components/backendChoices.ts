/**
 * The backend someone chose on purpose in this page, per backend field: a click on a training
 * view's picker, a pick in the lab's anatomy or profile select, or "Run on this device" repeating
 * the sender's backend. A software GPU chosen so is kept; one that is merely the default is not
 * (src/config/backends.ts, backendToUse). A store, so a pick of the value the field already holds
 * still redraws what reads it.
 */
import type { BackendName } from '../../config/backends';

/** A training form ('cnn', 'gan') or a lab field ('lab.anatomyBackend', 'lab.profileBackend'). */
export type BackendFieldId = 'cnn' | 'gan' | `lab.${string}`;

let chosen: Readonly<Record<string, BackendName>> = {};
const listeners = new Set<() => void>();

export const backendChoices = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): Readonly<Record<string, BackendName>> => chosen,
};

export function markChosen(field: BackendFieldId, backend: BackendName): void {
  if (chosen[field] === backend) return;
  chosen = { ...chosen, [field]: backend };
  for (const listener of listeners) listener();
}

export function wasChosen(field: BackendFieldId, backend: BackendName): boolean {
  return chosen[field] === backend;
}
