/**
 * Reading a saved model sent from the page: the bytes go through the one checkpoint validator, and a
 * refused file fails its job with the validator's sentence. Nothing in the file chooses code: the
 * model is rebuilt from the app's own registry by its (validated) model id, and the file only
 * supplies numbers whose names and shapes must match that model exactly.
 */
import * as tf from '@tensorflow/tfjs';
import type { BackendName } from '../../config/backends';
import type { CnnRunConfig } from '../../config/cnnConfig';
import { requireRunConfig } from '../../config/workloads';
import { msg, MessageError } from '../../i18n/message';
import { decodeCheckpoint, type Checkpoint } from '../protocol/checkpointFormat';

/** The checkpoint in `bytes`, or a MessageError carrying the validator's message. */
export function requireCheckpoint(bytes: ArrayBuffer | Uint8Array): Checkpoint {
  // A worker message is untrusted too: anything but bytes (a number would size an allocation) is refused here.
  if (!(bytes instanceof ArrayBuffer) && !(bytes instanceof Uint8Array)) throw new MessageError(msg('check.file.unusable', { reason: msg('check.file.notAFile') }));
  const reading = decodeCheckpoint(bytes);
  if (!reading.ok) throw new MessageError(reading.error);
  return reading.checkpoint;
}

/** Settings a continued run may change; every other one is the saved run's. */
const CHANGEABLE: readonly (keyof CnnRunConfig)[] = ['backend', 'epochs'];

/** The saved run's configuration with the backend (and epochs) asked for; throws if `asked` changes anything else. */
export function continuedConfig(saved: CnnRunConfig, asked: CnnRunConfig): CnnRunConfig {
  const keys = new Set([...Object.keys(saved), ...Object.keys(asked)] as (keyof CnnRunConfig)[]);
  const changed = [...keys].filter((k) => !CHANGEABLE.includes(k) && JSON.stringify(saved[k]) !== JSON.stringify(asked[k]));
  if (changed.length) throw new MessageError(msg('engine.checkpoint.settingsDiffer', { keys: changed.join(', ') }));
  return { ...saved, backend: asked.backend, epochs: asked.epochs };
}

/** The saved run's configuration on `backend`, read through the settings table again (so `backend` is checked). */
export function onBackend(saved: CnnRunConfig, backend: BackendName): CnnRunConfig {
  const config = requireRunConfig({ ...saved, backend });
  if (config.workload !== 'cnn') throw new MessageError(msg('engine.checkpoint.onlyCnn'));
  return config;
}

/** Refuses a checkpoint whose weights do not match `model`'s, by name and shape, in order. */
export function assertFits(model: tf.LayersModel, checkpoint: Checkpoint): void {
  const saved = checkpoint.tensors.filter((t) => t.group === 'weights');
  const weights = model.weights;
  if (saved.length !== weights.length) throw new MessageError(msg('engine.checkpoint.weightCount', { saved: saved.length, model: model.name, expected: weights.length }));
  saved.forEach((t, i) => {
    const w = weights[i];
    if (t.name !== w.originalName || t.shape.join('x') !== w.shape.join('x')) {
      throw new MessageError(msg('engine.checkpoint.weightShape', { name: t.name, shape: `[${t.shape.join(', ')}]`, expectedName: w.originalName, expected: `[${w.shape.join(', ')}]` }));
    }
  });
}

/** Sets a freshly built model's weights from a checkpoint; refuses a name or shape that does not fit. */
export function setModelWeights(model: tf.LayersModel, checkpoint: Checkpoint): void {
  assertFits(model, checkpoint);
  const values = checkpoint.tensors.filter((t) => t.group === 'weights').map((t) => tf.tensor(t.values, t.shape, 'float32'));
  model.setWeights(values);
  tf.dispose(values);
}
