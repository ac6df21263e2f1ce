import { RunStore } from './runStore';
import { TrainingClient } from './trainingClient';

export interface Session {
  store: RunStore;
  client: TrainingClient;
}

/** A run store and its own training worker, created once per view outside React. */
function createSession(headlineScalar?: string): Session {
  const store = new RunStore(headlineScalar);
  const client = new TrainingClient(
    (event) => store.handle(event),
    (message) => store.fail(message),
  );
  return { store, client };
}

export const cnnSession = createSession('loss');
export const ganSession = createSession('dLoss');
