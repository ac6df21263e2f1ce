/**
 * Reading a saved model sent from the page: the bytes go through the one checkpoint validator, and a
 * refused file fails its job with the validator's sentence. Nothing in the file chooses code: the
 * model is rebuilt from the app's own registry by its (validated) model id, and the file only
 * supplies numbers whose names and shapes must match that model exactly.
 */
import * as tf from '@tensorflow/tfjs';
import type { BackendName } from '../../config/backends';
import type { CnnRunConfig } from '../../config/cnnConfig';
import { requireRunConfig, type RunConfig } from '../../config/workloads';
import { msg, MessageError, type Message } from '../../i18n/message';
import { decodeCheckpoint, isCnnCheckpoint, type Checkpoint, type CnnCheckpoint } from '../protocol/checkpointFormat';

/** The checkpoint in `bytes` (a CNN's or a GAN's), or a MessageError carrying the validator's message. */
export function requireCheckpoint(bytes: ArrayBuffer | Uint8Array): Checkpoint {
  // A worker message is untrusted too: anything but bytes (a number would size an allocation) is refused here.
  if (!(bytes instanceof ArrayBuffer) && !(bytes instanceof Uint8Array)) throw new MessageError(msg('check.file.unusable', { reason: msg('check.file.notAFile') }));
  const reading = decodeCheckpoint(bytes);
  if (!reading.ok) throw new MessageError(reading.error);
  return reading.checkpoint;
}

/** A saved classifier (for the jobs that evaluate or export one from its file); a GAN checkpoint is refused in one sentence. */
export function requireCnnCheckpoint(bytes: ArrayBuffer | Uint8Array): CnnCheckpoint {
  const checkpoint = requireCheckpoint(bytes);
  if (!isCnnCheckpoint(checkpoint)) throw new MessageError(msg('check.file.unusable', { reason: msg('check.file.ganRun') }));
  return checkpoint;
}

/** Settings a continued run may change, per workload; every other one is the saved run's. */
const CHANGEABLE: { [W in RunConfig['workload']]: readonly string[] } = { cnn: ['backend', 'epochs'], gan: ['backend', 'steps'] };

/** The saved run's configuration with the backend (and epochs, or a GAN's steps) asked for; throws if `asked` changes anything else (its workload included). */
export function continuedConfig(saved: RunConfig, asked: RunConfig): RunConfig {
  const changeable = CHANGEABLE[saved.workload];
  const before: Record<string, unknown> = Object.fromEntries(Object.entries(saved));
  const after: Record<string, unknown> = Object.fromEntries(Object.entries(asked));
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((k) => !changeable.includes(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (changed.length) throw new MessageError(msg('engine.checkpoint.settingsDiffer', { keys: changed.join(', ') }));
  if (saved.workload === 'gan' && asked.workload === 'gan') return { ...saved, backend: asked.backend, steps: asked.steps };
  if (saved.workload === 'cnn' && asked.workload === 'cnn') return { ...saved, backend: asked.backend, epochs: asked.epochs };
  throw new MessageError(workloadDiffers());
}

/** The saved run's configuration on `backend`, read through the settings table again (so `backend` is checked). */
export function onBackend(saved: CnnRunConfig, backend: BackendName): CnnRunConfig {
  const config = requireRunConfig({ ...saved, backend });
  if (config.workload !== 'cnn') throw new MessageError(workloadDiffers());
  return config;
}

/** A state or checkpoint of one workload where another's run continues. */
export const workloadDiffers = (): Message => msg('engine.checkpoint.settingsDiffer', { keys: 'workload' });

/** Why `saved` (weights by name within their model, in order) does not fit `model`'s, or null when it does; names in the message carry `prefix`. */
export function weightMismatch(model: tf.LayersModel, saved: readonly { name: string; shape: readonly number[] }[], prefix = ''): Message | null {
  const weights = model.weights;
  if (saved.length !== weights.length) return msg('engine.checkpoint.weightCount', { saved: saved.length, model: model.name, expected: weights.length });
  for (const [i, t] of saved.entries()) {
    const w = weights[i];
    if (t.name !== w.originalName || t.shape.join('x') !== w.shape.join('x')) {
      return msg('engine.checkpoint.weightShape', { name: prefix + t.name, shape: `[${t.shape.join(', ')}]`, expectedName: prefix + w.originalName, expected: `[${w.shape.join(', ')}]` });
    }
  }
  return null;
}

/** Refuses a checkpoint whose weights do not match `model`'s, by name and shape, in order. */
export function assertFits(model: tf.LayersModel, checkpoint: CnnCheckpoint): void {
  const mismatch = weightMismatch(model, checkpoint.tensors.filter((t) => t.group === 'weights'));
  if (mismatch) throw new MessageError(mismatch);
}

/** Sets a freshly built model's weights from a checkpoint; refuses a name or shape that does not fit. */
export function setModelWeights(model: tf.LayersModel, checkpoint: CnnCheckpoint): void {
  assertFits(model, checkpoint);
  const values = checkpoint.tensors.filter((t) => t.group === 'weights').map((t) => tf.tensor(t.values, t.shape, 'float32'));
  model.setWeights(values);
  tf.dispose(values);
}
