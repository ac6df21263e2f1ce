/** Which view a shared result opens in, and the settings its link carries: the run's own, so "run it here" repeats it. */
import { defaultCnnConfig, type CnnRunConfig } from '../config/cnnConfig';
import { isShippedDataset } from '../config/datasets';
import { defaultLabSettings, type LabSettings, type LabWorkload } from '../config/labConfig';
import { viewOfWorkload, type ViewId } from '../config/views';
import { settingsRecordOf } from '../config/workloads';
import { encodeViewHash } from './hashState';
import type { SharedResult } from './resultTypes';

export function workloadKind(result: SharedResult): 'race' | 'cnn' | 'gan' {
  return result.race ? 'race' : result.config.workload;
}

export function viewOfResult(result: SharedResult): ViewId {
  return result.race ? 'lab' : viewOfWorkload(result.config.workload);
}

/** The lab settings that repeat a shared race: its model, data, batch and seed, and its race settings. */
export function labSettingsOfRace(result: SharedResult): LabSettings {
  const base = defaultLabSettings();
  const { config, race } = result;
  const model = config.workload === 'cnn' ? config.model : base.model;
  // A race runs on a shipped data set (the lab offers no other).
  const dataset = isShippedDataset(config.dataset) ? config.dataset : base.dataset;
  return { ...base, model, dataset, batchSize: config.batchSize, seed: config.seed, ...(race ?? {}) };
}

/** The CNN configuration a race records: the lab's four model fields over the CNN defaults. */
export function raceConfigOf(workload: Pick<LabWorkload, 'model' | 'dataset' | 'batchSize' | 'seed'>): CnnRunConfig {
  return { ...defaultCnnConfig(), model: workload.model, dataset: workload.dataset, batchSize: workload.batchSize, seed: workload.seed };
}

/** The canonical settings hash of a result's own run (no `r`). */
export function settingsHashOfResult(result: SharedResult): string {
  if (result.race) return encodeViewHash('lab', labSettingsOfRace(result));
  return encodeViewHash(viewOfResult(result), settingsRecordOf(result.config));
}
