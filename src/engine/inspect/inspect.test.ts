import { SHIPPED_IMAGE_SHAPE } from '../../config/imageShape';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCnnConfig, type CnnRunConfig } from '../../config/cnnConfig';
import { IMAGE_PIXELS, IMAGE_SIDE_PX, NUM_CLASSES } from '../../config/tunables';
import type { ImageSplit } from '../../data/types';
import { tinyCnn } from '../../models/tinyCnn';
import type { InspectEvent, ModelSource } from '../protocol/inspect';
import type { JobEvent } from '../protocol/jobs';
import { nodeDatasets, nodeHost, RecordingOwner } from '../testing/nodeHost';
import { confusionOf } from './answer';
import { NO_MODEL_MESSAGE } from './inspectJob';
import { classifySplit, featureMaps, firstLayerFilters, imagesTensor, predictImage, profileLayers } from './inspectModel';
import { PAUSE_TO_PROFILE } from './runningInspector';
import { msg } from '../../i18n/message';
import { english } from '../../i18n/testing/english';

const SOURCE: ModelSource = { kind: 'finished', description: msg('engine.inspect.savedClassifier'), dataset: 'mnist', backend: 'cpu' };
/** The constructed classifier reads every class right except 3, which it reads as 8. */
const READS_AS = (label: number) => (label === 3 ? 8 : label);

/** Class c is one lit pixel at index c: a split of `count` examples, labels 0..9 in turn. */
function litPixelSplit(count: number): ImageSplit {
  const images = new Uint8Array(count * IMAGE_PIXELS);
  const labels = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    labels[i] = i % NUM_CLASSES;
    images[i * IMAGE_PIXELS + labels[i]] = 255;
  }
  return { count, images, labels };
}

/** Flatten → dense softmax whose weights send lit pixel c to class READS_AS(c). */
function constructedClassifier(): tf.Sequential {
  const model = tf.sequential({ layers: [tf.layers.flatten({ inputShape: [IMAGE_SIDE_PX, IMAGE_SIDE_PX, 1] }), tf.layers.dense({ units: NUM_CLASSES, activation: 'softmax', useBias: false })] });
  const weights = new Float32Array(IMAGE_PIXELS * NUM_CLASSES);
  for (let c = 0; c < NUM_CLASSES; c++) weights[c * NUM_CLASSES + READS_AS(c)] = 20;
  model.layers[1].setWeights([tf.tensor2d(weights, [IMAGE_PIXELS, NUM_CLASSES])]);
  return model;
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  await nodeDatasets.get('mnist', { train: 1024, test: 300 }, () => undefined);
});

describe('a look inside a constructed classifier', () => {
  it('counts its confusion matrix exactly, over several evaluation batches, and shows the confused images', async () => {
    const model = constructedClassifier();
    const split = litPixelSplit(1200);
    const before = tf.memory().numTensors;
    const predicted = await classifySplit(model, split);
    expect(tf.memory().numTensors).toBe(before);
    expect(Array.from(predicted)).toEqual(Array.from(split.labels).map(READS_AS));
    const result = confusionOf(split, predicted, NUM_CLASSES, SHIPPED_IMAGE_SHAPE, SOURCE, { epoch: 2, step: 40 });
    const expected = Array.from({ length: NUM_CLASSES }, (_, a) => Array.from({ length: NUM_CLASSES }, (_, p) => (READS_AS(a) === p ? 120 : 0)));
    expect(result.counts).toEqual(expected);
    expect(result).toMatchObject({ epoch: 2, step: 40, examples: 1200 });
    expect(result.worst).toHaveLength(1);
    expect(result.worst[0]).toMatchObject({ actual: 3, predicted: 8, count: 120, rate: 1, indices: [3, 13, 23, 33] });
    expect(result.worst[0].images).toHaveLength(4 * IMAGE_PIXELS);
    expect(result.worst[0].images.subarray(IMAGE_PIXELS, 2 * IMAGE_PIXELS)).toEqual(split.images.subarray(13 * IMAGE_PIXELS, 14 * IMAGE_PIXELS));
    model.dispose();
  });

  it('predicts a drawn digit with its softmax', async () => {
    const model = constructedClassifier();
    const pixels = new Float32Array(IMAGE_PIXELS);
    pixels[7] = 1;
    const probs = await predictImage(model, pixels);
    expect(probs).toHaveLength(NUM_CLASSES);
    expect(probs[7]).toBeGreaterThan(0.99);
    expect(probs.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 5);
    await expect(predictImage(model, new Float32Array(10))).rejects.toThrow(/784 pixels/);
    model.dispose();
  });

  it('has no filters or feature maps without a convolution', async () => {
    const model = constructedClassifier();
    const image = imagesTensor(litPixelSplit(1), [0], SHIPPED_IMAGE_SHAPE);
    expect(await firstLayerFilters(model)).toBeNull();
    expect(await featureMaps(model, image)).toEqual([]);
    image.dispose();
    model.dispose();
  });
});

describe('a look inside the tiny CNN', () => {
  it('draws the first layer’s filters around grey 128 and each convolution’s feature maps, leaking nothing', async () => {
    const model = tinyCnn.build(1, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    const test = (await nodeDatasets.get('mnist', { train: 0, test: 10 }, () => undefined)).test;
    const before = tf.memory().numTensors;
    const filters = await firstLayerFilters(model);
    expect(filters).toMatchObject({ layer: 'conv1', count: 8, height: 3, width: 3 });
    expect(filters?.pixels).toHaveLength(8 * 9);
    expect(Math.min(...(filters?.pixels ?? []))).toBeGreaterThanOrEqual(1);
    // The largest weight in magnitude sits at one end of the range.
    expect([1, 255]).toContain(Array.from(filters?.pixels ?? []).reduce((m, v) => (Math.abs(v - 128) > Math.abs(m - 128) ? v : m), 128));
    const image = imagesTensor(test, [0], SHIPPED_IMAGE_SHAPE);
    const maps = await featureMaps(model, image);
    expect(maps.map(({ layer, height, width, channels }) => ({ layer, height, width, channels }))).toEqual([
      { layer: 'conv1', height: 26, width: 26, channels: 8 },
      { layer: 'conv2', height: 11, width: 11, channels: 16 },
    ]);
    expect(maps[0].pixels).toHaveLength(26 * 26 * 8);
    image.dispose();
    expect(tf.memory().numTensors).toBe(before);
    model.dispose();
  });

  it('profiles every layer’s forward and backward pass, with cpu clock times, leaking nothing', async () => {
    const model = tinyCnn.build(1, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    const test = (await nodeDatasets.get('mnist', { train: 0, test: 16 }, () => undefined)).test;
    const xs = imagesTensor(test, Array.from({ length: 16 }, (_, i) => i), SHIPPED_IMAGE_SHAPE);
    const before = tf.memory().numTensors;
    const times = await profileLayers(model, xs);
    expect(tf.memory().numTensors).toBe(before);
    expect(times.map((t) => t.name)).toEqual(['conv1', 'pool1', 'conv2', 'pool2', 'flatten', 'dense1']);
    for (const t of times) expect(t.timeMs).toBeGreaterThanOrEqual(0);
    expect(times.find((t) => t.name === 'conv2')?.timeMs).toBeGreaterThan(0);
    xs.dispose();
    model.dispose();
  });
});

/** Small enough for plain-JS tfjs in Node on a shared two-core machine (about a second a step). */
const TINY_RUN: CnnRunConfig = { ...defaultCnnConfig(), backend: 'cpu', model: 'tiny', batchSize: 10, learningRate: 0.01, epochs: 1, trainExamples: 100, testExamples: 200, seed: 3 };

function inspectEvents(events: JobEvent[]): InspectEvent[] {
  return events.filter((e): e is InspectEvent => e.type === 'prediction' || e.type === 'confusion' || e.type === 'filters' || e.type === 'summary');

}

describe('looking inside through the device owner', () => {
  it('says there is no model before a CNN has trained here', async () => {
    const owner = new RecordingOwner(nodeHost());
    const job = await owner.run({ kind: 'inspect', query: { what: 'confusion' }, dataset: 'mnist', backend: 'cpu' });
    expect(job.outcome).toEqual({ status: 'error', message: NO_MODEL_MESSAGE });
  });

  it('sends the confusion matrix at each epoch end, keeps the model, and answers every look inside it afterwards', async () => {
    const host = nodeHost();
    const owner = new RecordingOwner(host);
    const train = await owner.run({ kind: 'train', config: TINY_RUN });
    expect(train.outcome).toEqual({ status: 'done' });
    const confusion = inspectEvents(train.events).find((e) => e.type === 'confusion');
    const evalPoint = train.events.find((e) => e.type === 'eval');
    expect(confusion?.type === 'confusion' && confusion.result).toMatchObject({ epoch: 1, step: 10, examples: 200, source: { kind: 'running' } });
    if (confusion?.type !== 'confusion' || evalPoint?.type !== 'eval') throw new Error('no confusion or eval');
    const diagonal = confusion.result.counts.reduce((s, row, i) => s + row[i], 0);
    expect(diagonal / 200).toBeCloseTo(evalPoint.point.testAccuracy, 10);
    expect(host.kept.facts()).toMatchObject({ name: msg('model.cnn.tiny.label'), dataset: 'mnist', backend: 'cpu', steps: 10, batchSize: 10, testExamples: 200, testAccuracy: evalPoint.point.testAccuracy });

    const reference = tinyCnn.build(0, NUM_CLASSES, SHIPPED_IMAGE_SHAPE);
    const tinyParams = reference.countParams();
    reference.dispose();
    const before = tf.memory().numTensors;
    const ask = async (query: Parameters<typeof owner.run>[0] & { kind: 'inspect' }) => {
      const job = await owner.run(query);
      expect(job.outcome).toEqual({ status: 'done' });
      return inspectEvents(job.events)[0];
    };
    const base = { dataset: 'mnist' as const, backend: 'cpu' as const };
    const digit = (await nodeDatasets.get('mnist', { train: 0, test: 1 }, () => undefined)).test.images;
    const prediction = await ask({ kind: 'inspect', query: { what: 'predict', request: 5, pixels: Float32Array.from(digit, (v) => v / 255) }, ...base });
    expect(prediction.type === 'prediction' && prediction.prediction).toMatchObject({ request: 5, source: { kind: 'finished', dataset: 'mnist', backend: 'cpu' } });
    const onDemand = await ask({ kind: 'inspect', query: { what: 'confusion' }, ...base });
    // On demand, the kept model reads the test examples its run was measured on.
    expect(onDemand.type === 'confusion' && onDemand.result).toMatchObject({ epoch: null, examples: 200 });
    expect(onDemand.type === 'confusion' && onDemand.result.counts).toEqual(confusion.result.counts);
    const filters = await ask({ kind: 'inspect', query: { what: 'filters', testImage: 4 }, ...base });
    expect(filters.type === 'filters' && filters.result).toMatchObject({ testImage: 4, filters: { count: 8 }, maps: [{ layer: 'conv1' }, { layer: 'conv2' }] });
    const summary = await ask({ kind: 'inspect', query: { what: 'summary' }, ...base });
    if (summary.type !== 'summary') throw new Error('no summary');
    expect(summary.result.rows.map((r) => r.name)).toEqual(['conv1', 'pool1', 'conv2', 'pool2', 'flatten', 'dense1']);
    expect(summary.result.totals.params).toBe(tinyParams);
    expect(summary.result.rows[0]).toMatchObject({ shapeText: '(None, 26, 26, 8)', params: 80 });
    expect(summary.result.rows.reduce((s, r) => s + (r.share ?? 0), 0)).toBeCloseTo(1, 6);
    expect(summary.result.batchSize).toBe(10);
    const refused = await owner.run({ kind: 'inspect', query: { what: 'filters', testImage: 200 }, ...base });
    expect(refused.outcome?.status === 'error' && english(refused.outcome.message)).toBe('Test image 200 is outside the 200 test images loaded (0..199)');
    // Each job rebuilt the kept model from its weights and freed it: nothing is left on the device.
    expect(tf.memory().numTensors).toBe(before);
  });

  it('answers a look inside the running model between its steps, and profiles only while it is paused', async () => {
    const owner = new RecordingOwner(nodeHost());
    let asked = false;
    const { id, ended } = owner.submit({ kind: 'train', config: { ...TINY_RUN, epochs: 20 } }, (event, jobId) => {
      if (event.type === 'metrics' && !asked) {
        asked = true;
        owner.owner.control(jobId, { action: 'inspect', query: { what: 'predict', request: 1, pixels: new Float32Array(IMAGE_PIXELS) } });
        owner.owner.control(jobId, { action: 'inspect', query: { what: 'summary' } });
        owner.owner.control(jobId, { action: 'pause' });
      }
      if (event.type === 'state' && event.state === 'paused') owner.owner.control(jobId, { action: 'inspect', query: { what: 'summary' } });
      if (event.type === 'summary') owner.owner.cancel(jobId);
    });
    const job = await ended;
    expect(job.id).toBe(id);
    expect(job.outcome).toEqual({ status: 'cancelled' });
    const answers = inspectEvents(job.events);
    expect(answers.map((e) => e.type)).toEqual(['prediction', 'summary']);
    expect(answers[0].type === 'prediction' && answers[0].prediction.source.kind).toBe('running');
    expect(job.events).toContainEqual({ type: 'inspectFailed', what: 'summary', message: PAUSE_TO_PROFILE });
  });
});

