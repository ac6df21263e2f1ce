/**
 * A GAN run's GPCK file on the page (the GAN studio's "Download", "Save in this browser" and "Load"):
 * read through the one checkpoint validator, described, and continued. Pure. A GAN file saved in this
 * browser sits in the History tab's saved models beside the CNN models (savedModels.ts reads either
 * kind), described by ganModelTitle and ganModelDetail, and its Load opens the GAN studio.
 */
import type { BackendName } from '../config/backends';
import { GAN_SCHEMA, type GanRunConfig } from '../config/ganConfig';
import { readCheckpointHeader, type CheckpointHeader, type GanCheckpoint } from '../engine/protocol/checkpointFormat';
import { msg, type Message } from '../i18n/message';
import { Translator } from '../i18n/translator';
import { formatNumber } from './format';

export type GanFileHeader = Omit<GanCheckpoint, 'tensors'>;

export type GanFileReading = { ok: true; header: GanFileHeader; bytes: ArrayBuffer } | { ok: false; error: Message };

export function isGanHeader(header: CheckpointHeader): header is GanFileHeader {
  return header.config.workload === 'gan';
}

/** Reads a GAN run's file from untrusted bytes; a CNN model's file is refused (it belongs to the Train view). Never throws. */
export function readGanFile(bytes: ArrayBuffer): GanFileReading {
  const reading = readCheckpointHeader(bytes);
  if (!reading.ok) return reading;
  const header = reading.checkpoint;
  if (!isGanHeader(header)) return { ok: false, error: msg('engine.checkpoint.settingsDiffer', { keys: 'workload' }) };
  return { ok: true, header, bytes };
}

/** e.g. "MLP GAN on MNIST digits". */
export function ganModelTitle(config: GanRunConfig, t = new Translator('en')): string {
  return t.t('share.model.title', { model: t.t(`model.gan.${config.model}.label`), dataset: t.t(`dataset.${config.dataset}`) });
}

/** e.g. "step 120 of 2,000 · D loss 0.69 · G loss 1.2 · trained on WebGL": the losses are the last of the saved curves. */
export function ganModelDetail(header: GanFileHeader, t = new Translator('en')): string {
  const { config, progress, summary } = header;
  const parts = [t.t('share.model.ganStep', { step: t.number(progress.step), steps: t.number(config.steps) })];
  const dLoss = summary.dLossCurve.at(-1)?.[1];
  const gLoss = summary.gLossCurve.at(-1)?.[1];
  if (dLoss !== undefined) parts.push(t.t('share.model.dLoss', { loss: formatNumber(dLoss) }));
  if (gLoss !== undefined) parts.push(t.t('share.model.gLoss', { loss: formatNumber(gLoss) }));
  parts.push(t.t('share.model.trainedOn', { backend: t.t(`backend.${config.backend}`) }));
  return parts.join(' · ');
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
