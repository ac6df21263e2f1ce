/** Starts a CNN or GAN run from the page's form: it queues behind whatever holds the device. */
import { WORKLOADS } from '../../config/workloads';
import { SESSIONS, type TrainingKind } from '../session';
import { settingsStore } from './pageStore';

/** Queues a run with the form's settings; returns its run id, or null when a setting is refused. */
export function startTraining(kind: TrainingKind): number | null {
  const { config, errors } = WORKLOADS[kind].parse(settingsStore.getSnapshot().settings[kind]);
  if (errors.length) return null;
  return SESSIONS[kind].start(config);
}
