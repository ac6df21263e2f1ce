/**
 * A trained run's models as plain data for the "Export for TensorFlow" package: topology, weights in
 * the model's order, and what the models compute on fixed check inputs (which the exported verify.py
 * repeats in Keras). Reads weights back with one sync per tensor; leaves no tensors behind.
 */
import * as tf from '@tensorflow/tfjs';
import type { ImageSplit } from '../../data/types';
import { valuesPerImage } from '../../config/imageShape';
import { IMAGE_PIXELS, IMAGE_SIDE_PX } from '../../config/tunables';
import { imageShapeOf } from '../../models/classCount';
import type { ExportedModel, ExportedRun, ExportRole, NpyArray } from '../protocol/export';

/** Test images the classifier's check runs on, and generated images the GAN's does. */
export const CHECK_EXAMPLES = 100;
export const GAN_CHECK_EXAMPLES = 16;
/** Fixed seed of the GAN check's noise, so the check file is the same for the same weights. */
const CHECK_NOISE_SEED = 7;

const float32 = (shape: number[], data: Float32Array): NpyArray => ({ dtype: 'float32', shape, data });

async function exportedModel(model: tf.LayersModel, role: ExportRole, check: ExportedModel['check']): Promise<ExportedModel> {
  const weights = await Promise.all(model.weights.map(async (w) => ({ name: w.originalName, shape: w.shape.map((d) => d ?? 0), values: (await w.read().data()) as Float32Array })));
  return { role, topology: model.toJSON(null, false), weights, params: model.countParams(), check };
}

async function run(model: tf.LayersModel, input: tf.Tensor): Promise<Float32Array> {
  const out = tf.tidy(() => model.predict(input) as tf.Tensor);
  try {
    return (await out.data()) as Float32Array;
  } finally {
    out.dispose();
  }
}

/** A classifier: its weights, and its softmax on the first CHECK_EXAMPLES test images (of the shape it was built for). */
export async function exportClassifier(model: tf.LayersModel, test: ImageSplit): Promise<ExportedRun> {
  const count = Math.min(CHECK_EXAMPLES, test.count);
  const input = imageShapeOf(model);
  const pixels = new Float32Array(count * valuesPerImage(input));
  for (let i = 0; i < pixels.length; i++) pixels[i] = test.images[i] / 255;
  const shape = [count, input.side, input.side, input.channels];
  const images = tf.tensor4d(pixels, shape as [number, number, number, number]);
  try {
    const predictions = await run(model, images);
    return {
      models: [await exportedModel(model, 'model', { input: 'images', output: 'predictions' })],
      check: { images: float32(shape, pixels), predictions: float32([count, predictions.length / count], predictions) },
    };
  } finally {
    images.dispose();
  }
}

/** A GAN: both networks' weights, G on fixed noise and D on real images in [-1, 1]. */
export async function exportGan(generator: tf.LayersModel, discriminator: tf.LayersModel, latentSize: number, train: ImageSplit): Promise<ExportedRun> {
  const count = Math.min(GAN_CHECK_EXAMPLES, train.count);
  const noise = tf.randomNormal([count, latentSize], 0, 1, 'float32', CHECK_NOISE_SEED);
  const realPixels = new Float32Array(count * IMAGE_PIXELS);
  for (let i = 0; i < realPixels.length; i++) realPixels[i] = (train.images[i] / 255) * 2 - 1;
  const shape = [count, IMAGE_SIDE_PX, IMAGE_SIDE_PX, 1];
  const real = tf.tensor4d(realPixels, shape as [number, number, number, number]);
  try {
    const noiseValues = (await noise.data()) as Float32Array;
    const images = await run(generator, noise);
    const probabilities = await run(discriminator, real);
    return {
      models: [
        await exportedModel(generator, 'generator', { input: 'noise', output: 'images' }),
        await exportedModel(discriminator, 'discriminator', { input: 'real', output: 'probabilities' }),
      ],
      check: {
        noise: float32([count, latentSize], noiseValues),
        images: float32(shape, images),
        real: float32(shape, realPixels),
        probabilities: float32([count, 1], probabilities),
      },
    };
  } finally {
    noise.dispose();
    real.dispose();
  }
}
