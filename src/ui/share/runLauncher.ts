/**
 * Starts a CNN or GAN run from the page settings, and remembers each run's configuration by its
 * run id, so its shared result records exactly what ran even if the form changed since.
 */
import { parseGanConfig, type GanRunConfig } from '../../config/ganConfig';
import { parseCnnConfig, type CnnRunConfig } from '../../config/runConfig';
import type { RunStore } from '../runStore';
import { cnnSession, ganSession, type Session } from '../session';
import { settingsStore } from './pageStore';

export type TrainingKind = 'cnn' | 'gan';

export const SESSIONS: Record<TrainingKind, Session> = { cnn: cnnSession, gan: ganSession };

const started = new Map<RunStore, { runId: number; config: CnnRunConfig | GanRunConfig }>();

function configOf(kind: TrainingKind) {
  const values = settingsStore.getSnapshot().settings[kind];
  return kind === 'cnn' ? parseCnnConfig(values) : parseGanConfig(values);
}

/** Starts a run with the form's settings; returns its run id, or null when a setting is invalid. */
export function startTraining(kind: TrainingKind): number | null {
  const { config, errors } = configOf(kind);
  if (errors.length) return null;
  const { store, client } = SESSIONS[kind];
  store.beginRun();
  started.set(store, { runId: store.runId, config });
  client.send({ type: 'start', config });
  return store.runId;
}

/** The configuration run `runId` of this store started with, or null for a run this module did not start. */
export function startedConfig(store: RunStore, runId: number): CnnRunConfig | GanRunConfig | null {
  const run = started.get(store);
  return run && run.runId === runId ? run.config : null;
}
