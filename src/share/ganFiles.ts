/**
 * A GAN run's GPCK file on the page (the GAN studio's "Download" and "Load"): read through the one
 * checkpoint validator, described, and continued. Pure. The History tab's saved models stay CNN models
 * (savedModels.ts); a GAN file is kept as a download.
 */
import type { BackendName } from '../config/backends';
import { GAN_SCHEMA, type GanRunConfig } from '../config/ganConfig';
import { readCheckpointHeader, type GanCheckpoint } from '../engine/protocol/checkpointFormat';
import { msg, type Message } from '../i18n/message';

export type GanFileHeader = Omit<GanCheckpoint, 'tensors'>;

export type GanFileReading = { ok: true; header: GanFileHeader; bytes: ArrayBuffer } | { ok: false; error: Message };

/** Reads a GAN run's file from untrusted bytes; a CNN model's file is refused (it belongs to the Train view). Never throws. */
export function readGanFile(bytes: ArrayBuffer): GanFileReading {
  const reading = readCheckpointHeader(bytes);
  if (!reading.ok) return reading;
  const header = reading.checkpoint;
  if (header.config.workload !== 'gan') return { ok: false, error: msg('engine.checkpoint.settingsDiffer', { keys: 'workload' }) };
  return { ok: true, header: header as GanFileHeader, bytes };
}

/**
 * The run a "Continue training" starts: the saved run's on `backend`, to its own step count, or as many
 * steps again when it already reached them; null when that passes the Steps limit.
 */
export function continueGanConfig(header: GanFileHeader, backend: BackendName): GanRunConfig | null {
  const { config, progress } = header;
  const steps = progress.step >= config.steps ? progress.step + config.steps : config.steps;
  if (steps > GAN_SCHEMA.steps.max) return null;
  return { ...config, backend, steps };
}
