/** What train / pause, step and reset mean on a training view (CNN or GAN). */
import { SESSIONS, type TrainingKind } from '../session';
import { startTraining } from '../share/runLauncher';
import type { ViewActions } from './shortcuts';

export function trainingActions(kind: TrainingKind): ViewActions {
  const session = SESSIONS[kind];
  const running = () => {
    const { phase, state } = session.store.getSnapshot();
    return phase === 'active' && (state === 'training' || state === 'paused') ? state : null;
  };
  return {
    toggle: () => {
      const state = running();
      const { phase } = session.store.getSnapshot();
      if (state === 'training') session.pause();
      else if (state === 'paused') session.resume();
      else if (phase !== 'queued' && phase !== 'active') startTraining(kind);
    },
    step: () => {
      if (running()) session.step();
    },
    reset: session.reset,
  };
}
