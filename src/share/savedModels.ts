/**
 * What the page says about a saved model and the names of its files. Pure: the page reads a file,
 * this module validates it (through the one checkpoint validator) and describes it. The Train view
 * loads CNN models (readModelFile); this browser's saved models hold GAN runs too (readSavedFile,
 * described through ganFiles.ts).
 *
 * A saved model downloads as one `.gpck` file, not a zip of tfjs `model.json` + weight shards: it is
 * the very document the page loads back, read by the one validator checkpoints and saved models
 * share, and it carries what the tfjs layers format cannot (Adam's exact state, the data position,
 * the run configuration), so a loaded model continues training bit for bit. The Keras / tfjs route
 * out of the app is the "Export for TensorFlow" package (topology JSON + weights + train.py).
 */
import type { CnnRunConfig } from '../config/cnnConfig';
import { CNN_SCHEMA } from '../config/cnnConfig';
import { datasetMessage } from '../config/datasets';
import { stepsPerEpochOf, type OwnSetSize } from '../config/examplesUsed';
import type { RunConfig } from '../config/workloads';
import { decodeCheckpoint, isCnnCheckpoint, readCheckpointHeader, type CheckpointHeader, type CnnCheckpoint } from '../engine/protocol/checkpointFormat';
import { ganModelDetail, ganModelTitle, isGanHeader } from './ganFiles';
import { formatNumber, formatPercent } from './format';
import { msg, type Message } from '../i18n/message';
import { Translator } from '../i18n/translator';

export const MODEL_FILE_EXTENSION = '.gpck';

/** A validated saved model without its tensors: what the page shows and continues from. */
export type SavedModelHeader = Omit<CnnCheckpoint, 'tensors'>;

export type ModelFileReading = { ok: true; header: SavedModelHeader; bytes: ArrayBuffer } | { ok: false; error: Message };

/** Reads a saved model from untrusted bytes (a picked file, a stored entry); never throws. */
export function readModelFile(bytes: ArrayBuffer): ModelFileReading {
  const reading = decodeCheckpoint(bytes);
  if (!reading.ok) return reading;
  // The page keeps and loads CNN models; a GAN run's checkpoint is valid but not one of them.
  if (!isCnnCheckpoint(reading.checkpoint)) return { ok: false, error: msg('check.file.unusable', { reason: msg('check.file.ganRun') }) };
  const { tensors: _tensors, ...header } = reading.checkpoint;
  return { ok: true, header, bytes };
}

export type SavedFileReading = { ok: true; header: CheckpointHeader; bytes: ArrayBuffer } | { ok: false; error: Message };

/**
 * Reads a file kept in this browser's saved models from untrusted bytes: a CNN model (the Train
 * view's) or a GAN run (the GAN studio's), told apart by its header's workload. Never throws.
 */
export function readSavedFile(bytes: ArrayBuffer): SavedFileReading {
  const reading = readCheckpointHeader(bytes);
  return reading.ok ? { ok: true, header: reading.checkpoint, bytes } : reading;
}

/** A saved file's title, whichever kind: "Tiny CNN on MNIST digits", "MLP GAN on MNIST digits". */
export function savedFileTitle(header: CheckpointHeader, t = new Translator('en')): string {
  return isGanHeader(header) ? ganModelTitle(header.config, t) : modelTitle(header.config, t);
}

/** A saved file's progress and figures, whichever kind (modelDetail, ganModelDetail). */
export function savedFileDetail(header: CheckpointHeader, t = new Translator('en')): string {
  return isGanHeader(header) ? ganModelDetail(header, t) : modelDetail(header, t);
}

/** e.g. "Tiny CNN on MNIST digits". */
export function modelTitle(config: CnnRunConfig, t = new Translator('en')): string {
  return t.t('share.model.title', { model: t.t(`model.cnn.${config.model}.label`), dataset: t.say(datasetMessage(config.dataset)) });
}

/** e.g. "step 3 (epoch 1 of 1) · loss 2.1 · test accuracy 41.0% · trained on CPU". */
export function modelDetail(header: SavedModelHeader, t = new Translator('en')): string {
  const { progress, summary, config } = header;
  const parts = [t.t('share.model.step', { step: progress.step, epoch: progress.epoch, epochs: config.epochs })];
  if (summary.lastLoss !== null) parts.push(t.t('share.model.loss', { loss: formatNumber(summary.lastLoss) }));
  if (summary.lastEval) parts.push(t.t('share.model.accuracy', { accuracy: formatPercent(summary.lastEval.testAccuracy) }));
  parts.push(t.t('share.model.trainedOn', { backend: t.t(`backend.${config.backend}`) }));
  return parts.join(' · ');
}

/** A file name without odd characters: gpu-playground-tiny-mnist-step3.gpck (a GAN's: gpu-playground-mlp-mnist-step120.gpck). */
export function modelFileName(config: Pick<RunConfig, 'model' | 'dataset'>, step: number): string {
  return `gpu-playground-${config.model}-${config.dataset}-step${step}${MODEL_FILE_EXTENSION}`.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** The folder (and zip) name of an "Export for TensorFlow" package. */
export function exportFolderName(config: Pick<RunConfig, 'model' | 'dataset'>): string {
  return `gpu-playground-${config.model}-${config.dataset}-keras`.replace(/[^A-Za-z0-9._-]/g, '-');
}

/**
 * The run configuration a "Continue training" starts: the saved run's on `backend`, with one more
 * epoch when the saved run already trained all of its own; null when Epochs is at its limit.
 */
export function continueConfig(header: SavedModelHeader, backend: CnnRunConfig['backend'], own: OwnSetSize | null = null): CnnRunConfig | null {
  const { config, progress } = header;
  // An own set (`own`: its size, when this browser holds it) may be far smaller than the Training examples setting.
  const done = progress.step >= config.epochs * stepsPerEpochOf(config, own);
  const epochs = done ? config.epochs + 1 : config.epochs;
  if (epochs > CNN_SCHEMA.epochs.max) return null;
  return { ...config, backend, epochs };
}

