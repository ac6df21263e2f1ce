import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatasetId } from '../../config/datasets';
import { IMAGE_PIXELS, IMAGE_SIDE_PX } from '../../config/tunables';
import { makeDrawnDataset } from '../../data/own';
import { OPTIONS } from '../../data/own/testing/fixtures';
import { drawShape, type Shape } from '../../data/own/testing/pictures';
import { msg } from '../../i18n/message';
import { preprocessDigit } from '../../metrics/digitImage';
import type { Prediction } from '../protocol/inspect';
import type { RawPicture } from '../protocol/ownData';
import { answer, type InspectSubject } from './answer';

/** The pad's ink as the page sends it for both a drawn data set and look-inside: 280 x 280, light strokes on black. */
const strokes = (shape: Shape, variant = 0): RawPicture => ({ width: 280, height: 280, channels: 1, pixels: drawShape(shape, 280, 280, variant) });
/** The same strokes made like MNIST on the page (what a shipped set's model is given). */
const mnistLike = (picture: RawPicture) => preprocessDigit({ width: picture.width, height: picture.height, ink: Float32Array.from(picture.pixels, (v) => v / 255) }) ?? new Float32Array(IMAGE_PIXELS);

function subject(dataset: DatasetId): InspectSubject {
  const model = tf.sequential({ layers: [tf.layers.flatten({ inputShape: [IMAGE_SIDE_PX, IMAGE_SIDE_PX, 1] }), tf.layers.dense({ units: 2, activation: 'softmax' })] });
  return { model, source: { kind: 'finished', description: msg('engine.inspect.savedClassifier'), dataset, backend: 'cpu' }, name: msg('engine.inspect.savedClassifier'), batchSize: 1, test: () => Promise.reject(new Error('no test split here')) };
}

async function predicted(dataset: DatasetId, drawing: RawPicture, pixels = mnistLike(drawing)): Promise<Prediction> {
  const asked = subject(dataset);
  try {
    const event = await answer(asked, { what: 'predict', request: 1, pixels, drawing });
    if (event.type !== 'prediction') throw new Error(event.type);
    return event.prediction;
  } finally {
    asked.model.dispose();
  }
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('look-inside’s drawing as a model’s input', () => {
  it('is, for a model of an own set, the same strokes as a drawn data set makes them', async () => {
    const cross = strokes('cross');
    const made = makeDrawnDataset(
      [
        { name: 'cross', pictures: [cross, cross] },
        { name: 'ring', pictures: [strokes('ring'), strokes('ring', 1)] },
      ],
      OPTIONS,
    );
    if (!made.ok) throw new Error('not made');
    const { train } = made.dataset;
    const at = train.labels.indexOf(0);
    const inDataset = train.images.slice(at * IMAGE_PIXELS, (at + 1) * IMAGE_PIXELS);

    const own = await predicted('own:0123456789abcdef', cross);
    expect(own.input).toEqual(inDataset);
    expect(own.probabilities).toHaveLength(2);
    // A shipped set's model keeps the MNIST-like preparation, which differs for the same strokes.
    const mnist = await predicted('mnist', cross);
    expect(mnist.input).toEqual(Uint8Array.from(mnistLike(cross), (v) => Math.round(v * 255)));
    expect(mnist.input).not.toEqual(inDataset);
  });

  it('refuses a drawing whose pixels do not fit its size', async () => {
    const broken = { ...strokes('cross'), width: 100 };
    await expect(predicted('own:0123456789abcdef', broken, new Float32Array(IMAGE_PIXELS))).rejects.toThrow(/1 to 512 pixels a side/);
  });
});
