import * as tf from '@tensorflow/tfjs';
import { datasetMessage, isShippedDataset, type DatasetId } from '../../config/datasets';
import { msg, type Message } from '../../i18n/message';
import { classCountOf } from '../../models/classCount';
import type { SampleQuality } from '../protocol/training';

/** A generated image counts as recognisable when the classifier is at least this sure of one class. */
export const RECOGNISABLE_CONFIDENCE = 0.9;
/** A CNN run is kept as the judge of generated images only if it reached this test accuracy. */
export const JUDGE_MIN_TEST_ACCURACY = 0.9;

/** Where the trained classifier of each data set is cached in the browser. */
export function judgeUrl(dataset: DatasetId): string {
  return `indexeddb://gpu-playground-judge-${dataset}`;
}

/** Keeps a trained classifier for the GAN's quality score; returns false where storage is unavailable. */
export async function saveJudge(model: tf.LayersModel, dataset: DatasetId, testAccuracy: number): Promise<boolean> {
  if (testAccuracy < JUDGE_MIN_TEST_ACCURACY || typeof indexedDB === 'undefined') return false;
  model.setUserDefinedMetadata({ testAccuracy, savedAt: new Date().toISOString() });
  await model.save(judgeUrl(dataset));
  return true;
}

/** The cached classifier and its note, or null with the reason there is none. */
export async function loadJudge(dataset: DatasetId): Promise<{ model: tf.LayersModel | null; note: Message }> {
  // A data set of your own never keeps a judge (trainJob saves one for the shipped sets only).
  if (!isShippedDataset(dataset)) return { model: null, note: msg('engine.judge.ownData') };
  if (typeof indexedDB === 'undefined') return { model: null, note: msg('engine.judge.noStorage') };
  try {
    const model = await tf.loadLayersModel(judgeUrl(dataset));
    const meta = model.getUserDefinedMetadata() as { testAccuracy?: number } | undefined;
    const note =
      typeof meta?.testAccuracy === 'number'
        ? msg('engine.judge.cachedAccuracy', { name: model.name, accuracy: (meta.testAccuracy * 100).toFixed(1) })
        : msg('engine.judge.cached', { name: model.name });
    return { model, note };
  } catch {
    return { model: null, note: msg('engine.judge.missing', { dataset: datasetMessage(dataset), accuracy: JUDGE_MIN_TEST_ACCURACY * 100 }) };
  }
}

/** Shannon entropy in bits of a histogram. */
export function entropyBits(counts: number[]): number {
  const total = counts.reduce((s, c) => s + c, 0);
  if (total === 0) return 0;
  // max(0, …) turns the -0 of a single-class histogram into 0.
  return Math.max(0, -counts.reduce((s, c) => (c === 0 ? s : s + (c / total) * Math.log2(c / total)), 0));
}

/**
 * Scores generated images (pixels in [-1,1]) with a classifier trained on [0,1] inputs: the share it
 * recognises with confidence, and the spread of recognised classes.
 */
export async function judgeSamples(judge: tf.LayersModel, images: tf.Tensor4D, step: number, note: Message): Promise<SampleQuality> {
  const [confidence, predicted] = tf.tidy(() => {
    const probs = judge.predict(tf.div(tf.add(images, 1), 2)) as tf.Tensor2D;
    return [tf.max(probs, -1), tf.argMax(probs, -1)];
  });
  const [conf, cls] = (await Promise.all([confidence.data(), predicted.data()])) as [Float32Array, Int32Array];
  tf.dispose([confidence, predicted]);
  const classCounts = new Array<number>(classCountOf(judge)).fill(0);
  let recognised = 0;
  conf.forEach((c, i) => {
    if (c < RECOGNISABLE_CONFIDENCE) return;
    recognised += 1;
    classCounts[cls[i]] += 1;
  });
  return { step, recognisable: recognised / conf.length, classCounts, classEntropyBits: entropyBits(classCounts), note };
}
