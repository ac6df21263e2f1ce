/**
 * The backend someone chose on purpose in this page, per training form: a click on the picker, or
 * "Run on this device" repeating the sender's backend. A software GPU chosen so is kept; one that is
 * merely the default is not (src/config/backends.ts, backendToUse).
 */
import type { BackendName } from '../../config/backends';

export type TrainingForm = 'cnn' | 'gan';

const chosen: Record<TrainingForm, BackendName | null> = { cnn: null, gan: null };

export function markChosen(form: TrainingForm, backend: BackendName): void {
  chosen[form] = backend;
}

export function wasChosen(form: TrainingForm, backend: BackendName): boolean {
  return chosen[form] === backend;
}
