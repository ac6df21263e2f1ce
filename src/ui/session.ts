import { RunStore } from './runStore';
import { TrainingClient } from './trainingClient';

/** The page's single run store and worker client, created once outside React. */
export const runStore = new RunStore();
export const trainingClient = new TrainingClient(
  (event) => runStore.handle(event),
  (message) => runStore.fail(message),
);
