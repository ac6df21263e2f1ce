/** Answers one look-inside query about a trained classifier, whichever way it reached the worker. */
import type * as tf from '@tensorflow/tfjs';
import { valuesPerImage, type ImageShape } from '../../config/imageShape';
import { CONFUSED_EXAMPLES_PER_PAIR, CONFUSED_PAIRS_SHOWN, IMAGE_PIXELS, SUMMARY_MAX_BATCH } from '../../config/tunables';
import type { ImageSplit } from '../../data/types';
import { msg, MessageError, type Message } from '../../i18n/message';
import { confusionMatrix, pairExamples, worstPairs } from '../../metrics/confusion';
import { summaryRows } from '../../metrics/modelSummary';
import { classCountOf, imageShapeOf } from '../../models/classCount';
import { analyzeModel } from '../../models/cost';
import type { ConfusionResult, FilterResult, InspectEvent, InspectQuery, ModelSource, SummaryResult } from '../protocol/inspect';
import { kernelTiming } from '../lab/kernelTiming';
import { inputBytes, predictInput } from './drawnInput';
import { classifySplit, featureMaps, firstLayerFilters, imageBytes, imagesTensor, predictImage, profileLayers } from './inspectModel';

/** The model a query is about, and how to reach the test split it was measured on. */
export interface InspectSubject {
  model: tf.LayersModel;
  source: ModelSource;
  /** What the pages call it. */
  name: Message;
  /** The batch it trained with; the summary profiles each layer at this batch (capped). */
  batchSize: number;
  /** The test split, loaded only when an answer needs it. */
  test(): Promise<ImageSplit>;
}

/** Counts over `classes` classes, and the worst-confused pairs with a few of their test images (of `shape`). */
export function confusionOf(
  split: ImageSplit,
  predicted: ArrayLike<number>,
  classes: number,
  shape: ImageShape,
  source: ModelSource,
  at: { epoch: number; step: number } | null,
): ConfusionResult {
  const labels = split.labels.subarray(0, predicted.length);
  const counts = confusionMatrix(labels, predicted, classes);
  const worst = worstPairs(counts, CONFUSED_PAIRS_SHOWN).map((pair) => {
    const indices = pairExamples(labels, predicted, pair, CONFUSED_EXAMPLES_PER_PAIR);
    return { ...pair, indices, images: imageBytes(split, indices, shape) };
  });
  return { source, epoch: at?.epoch ?? null, step: at?.step ?? null, counts, examples: labels.length, shape, worst };
}

export async function filtersOf(subject: InspectSubject, testImage: number): Promise<FilterResult> {
  const split = await subject.test();
  if (!Number.isInteger(testImage) || testImage < 0 || testImage >= split.count) {
    throw new MessageError(msg('engine.inspect.testImageOutside', { index: String(testImage), count: String(split.count), last: String(split.count - 1) }));
  }
  const shape = imageShapeOf(subject.model);
  const image = imagesTensor(split, [testImage], shape);
  try {
    const [filters, maps] = await Promise.all([firstLayerFilters(subject.model), featureMaps(subject.model, image)]);
    return { source: subject.source, testImage, label: split.labels[testImage], image: imageBytes(split, [testImage], shape), shape, filters, maps };
  } finally {
    image.dispose();
  }
}

/** Layer, output shape, parameters and forward FLOPs from the model's own shapes, and each layer's profiled share. */
export async function summaryOf(subject: InspectSubject): Promise<SummaryResult> {
  const split = await subject.test();
  const batchSize = Math.min(subject.batchSize, SUMMARY_MAX_BATCH, split.count);
  const xs = imagesTensor(split, Array.from({ length: batchSize }, (_, i) => i), imageShapeOf(subject.model));
  try {
    const times = await profileLayers(subject.model, xs);
    const cost = analyzeModel(subject.model);
    const layers = cost.layers.map((layer) => ({ ...layer, timeMs: times.find((t) => t.name === layer.name)?.timeMs ?? null }));
    const { rows, totals } = summaryRows(layers);
    return { source: subject.source, modelName: subject.name, batchSize, rows, totals, timing: kernelTiming('profile') };
  } finally {
    xs.dispose();
  }
}

export async function answer(subject: InspectSubject, query: InspectQuery): Promise<InspectEvent> {
  switch (query.what) {
    case 'predict': {
      // A drawing is 28 x 28 grayscale: a model of a colour set has no pad to answer (look-inside hides it).
      if (valuesPerImage(imageShapeOf(subject.model)) !== IMAGE_PIXELS) throw new RangeError(`A digit to predict is ${valuesPerImage(imageShapeOf(subject.model))} numbers`);
      const input = predictInput(subject.source.dataset, query);
      const probabilities = await predictImage(subject.model, input);
      return { type: 'prediction', prediction: { request: query.request, probabilities, source: subject.source, input: inputBytes(input) } };
    }
    case 'confusion': {
      const split = await subject.test();
      return { type: 'confusion', result: confusionOf(split, await classifySplit(subject.model, split), classCountOf(subject.model), imageShapeOf(subject.model), subject.source, null) };
    }
    case 'filters':
      return { type: 'filters', result: await filtersOf(subject, query.testImage) };
    case 'summary':
      return { type: 'summary', result: await summaryOf(subject) };
    default:
      return query satisfies never;
  }
}
