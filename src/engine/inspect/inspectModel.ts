/**
 * What a look inside a trained classifier computes on the device: the softmax of one drawn digit,
 * the predicted class of every test image, the first layer's filters and each convolution's
 * feature maps for one image, and each layer's kernel time for the model summary.
 */
import * as tf from '@tensorflow/tfjs';
import { valuesPerImage, type ImageShape } from '../../config/imageShape';
import { EVAL_BATCH_SIZE } from '../../config/tunables';
import type { ImageSplit } from '../../data/types';
import { imageShapeOf } from '../../models/classCount';
import type { FeatureMaps, FirstLayerFilters } from '../protocol/inspect';
import { kernelTiming } from '../lab/kernelTiming';

const MAX_PIXEL = 255;
/** A filter weight of 0 is drawn as this grey, ±maxAbs as 0 and 255. */
const FILTER_ZERO_GREY = 128;
const FILTER_HALF_RANGE = 127;

/** The layers a Sequential classifier applies, in order. */
function chain(model: tf.LayersModel): tf.layers.Layer[] {
  return model.layers.filter((layer) => layer.getClassName() !== 'InputLayer');
}

function isConv(layer: tf.layers.Layer): boolean {
  return layer.getClassName() === 'Conv2D';
}

/** Examples of a split as the classifiers take them: [n, side, side, channels] in [0, 1]. */
export function imagesTensor(split: ImageSplit, indices: readonly number[], shape: ImageShape): tf.Tensor4D {
  const perImage = valuesPerImage(shape);
  const out = new Float32Array(indices.length * perImage);
  indices.forEach((index, i) => {
    if (!Number.isInteger(index) || index < 0 || index >= split.count) throw new RangeError(`Test image ${index} is outside 0..${split.count - 1}`);
    const pixels = split.images.subarray(index * perImage, (index + 1) * perImage);
    for (let p = 0; p < perImage; p++) out[i * perImage + p] = pixels[p] / MAX_PIXEL;
  });
  return tf.tensor4d(out, [indices.length, shape.side, shape.side, shape.channels]);
}

/** The test images at `indices`, one after another, 0..255 (side x side x channels bytes each). */
export function imageBytes(split: ImageSplit, indices: readonly number[], shape: ImageShape): Uint8Array {
  const perImage = valuesPerImage(shape);
  const out = new Uint8Array(indices.length * perImage);
  indices.forEach((index, i) => out.set(split.images.subarray(index * perImage, (index + 1) * perImage), i * perImage));
  return out;
}

/** The model's softmax for one drawn image of its own shape (28×28 grayscale: 784 values in [0, 1]). */
export async function predictImage(model: tf.LayersModel, pixels: Float32Array): Promise<number[]> {
  const shape = imageShapeOf(model);
  const perImage = valuesPerImage(shape);
  if (pixels.length !== perImage) throw new RangeError(`A digit is ${perImage} pixels, not ${pixels.length}`);
  const probs = tf.tidy(() => model.predict(tf.tensor4d(pixels, [1, shape.side, shape.side, shape.channels])) as tf.Tensor);
  try {
    return Array.from(await probs.data());
  } finally {
    probs.dispose();
  }
}

/** The predicted class of every example of the split, in order, with one read-back. */
export async function classifySplit(model: tf.LayersModel, split: ImageSplit): Promise<Int32Array> {
  const parts: tf.Tensor[] = [];
  const shape = imageShapeOf(model);
  try {
    for (let start = 0; start < split.count; start += EVAL_BATCH_SIZE) {
      const indices = Array.from({ length: Math.min(EVAL_BATCH_SIZE, split.count - start) }, (_, i) => start + i);
      parts.push(tf.tidy(() => tf.argMax(model.predict(imagesTensor(split, indices, shape)) as tf.Tensor2D, -1)));
    }
    const all = tf.concat(parts);
    try {
      return (await all.data()) as Int32Array;
    } finally {
      all.dispose();
    }
  } finally {
    tf.dispose(parts);
  }
}

/** Values scaled to 0..255 on their own range; a constant map is all 0. */
function toBytes(values: Float32Array | Int32Array | Uint8Array, out: Uint8Array, offset: number): void {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const span = hi - lo;
  values.forEach((v, i) => (out[offset + i] = span > 0 ? Math.round(((v - lo) / span) * MAX_PIXEL) : 0));
}

/** The first convolution's kernels on input channel 0, as grey images; null without a convolution. */
export async function firstLayerFilters(model: tf.LayersModel): Promise<FirstLayerFilters | null> {
  const conv = chain(model).find(isConv);
  if (!conv) return null;
  const kernel = conv.getWeights()[0];
  const [height, width, inChannels, count] = kernel.shape;
  const weights = (await kernel.data()) as Float32Array;
  const maxAbs = weights.reduce((m, w) => Math.max(m, Math.abs(w)), 0);
  const pixels = new Uint8Array(count * height * width);
  for (let f = 0; f < count; f++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const w = weights[((y * width + x) * inChannels + 0) * count + f];
        pixels[(f * height + y) * width + x] = FILTER_ZERO_GREY + (maxAbs > 0 ? Math.round((w / maxAbs) * FILTER_HALF_RANGE) : 0);
      }
    }
  }
  return { layer: conv.name, count, height, width, maxAbs, pixels };
}

/** Each convolution layer's output for one image, channel by channel (channel-major), each on its own range. */
export async function featureMaps(model: tf.LayersModel, image: tf.Tensor4D): Promise<FeatureMaps[]> {
  const outputs: { layer: string; tensor: tf.Tensor4D }[] = [];
  tf.tidy(() => {
    let x: tf.Tensor = image;
    for (const layer of chain(model)) {
      x = layer.apply(x) as tf.Tensor;
      if (isConv(layer)) outputs.push({ layer: layer.name, tensor: tf.keep(tf.transpose(x as tf.Tensor4D, [0, 3, 1, 2])) });
    }
  });
  try {
    const maps: FeatureMaps[] = [];
    for (const { layer, tensor } of outputs) {
      const [, channels, height, width] = tensor.shape;
      const values = (await tensor.data()) as Float32Array;
      const pixels = new Uint8Array(channels * height * width);
      const size = height * width;
      for (let c = 0; c < channels; c++) toBytes(values.subarray(c * size, (c + 1) * size), pixels, c * size);
      maps.push({ layer, height, width, channels, pixels });
    }
    return maps;
  } finally {
    tf.dispose(outputs.map((o) => o.tensor));
  }
}

function summedKernelMs(kernels: readonly { kernelTimeMs: unknown }[]): number {
  return kernels.reduce((sum, k) => sum + (typeof k.kernelTimeMs === 'number' && Number.isFinite(k.kernelTimeMs) ? k.kernelTimeMs : 0), 0);
}

/**
 * Each layer's kernel time for one training step's worth of its work on `xs`: its forward pass
 * and the gradients of its weights and (after the first layer, as backpropagation needs) its
 * input, under tf.profile, one layer at a time on the activations of the layers before it. Null
 * times where this backend has no kernel clock. The loss and the optimizer's update are not in it.
 * Call it only while nothing else runs on the device: tf.profile records every kernel.
 */
export async function profileLayers(model: tf.LayersModel, xs: tf.Tensor4D): Promise<{ name: string; timeMs: number | null }[]> {
  const timed = kernelTiming('profile').source !== 'unavailable';
  const out: { name: string; timeMs: number | null }[] = [];
  let x: tf.Tensor = tf.clone(xs);
  try {
    for (const [i, layer] of chain(model).entries()) {
      const input = x;
      const info = await tf.profile(() => {
        const weights = layer.trainableWeights.map((w) => w.read() as tf.Variable);
        const inputVar = i > 0 ? tf.variable(input, true) : null;
        const vars = inputVar ? [inputVar, ...weights] : weights;
        try {
          if (vars.length === 0) tf.dispose(layer.apply(input, { training: true }) as tf.Tensor);
          else {
            const source = inputVar ?? input;
            const { value, grads } = tf.variableGrads(() => tf.sum(layer.apply(source, { training: true }) as tf.Tensor), vars);
            tf.dispose([value, ...Object.values(grads)]);
          }
        } finally {
          inputVar?.dispose();
        }
      });
      out.push({ name: layer.name, timeMs: timed ? summedKernelMs(info.kernels) : null });
      x = tf.tidy(() => layer.apply(input) as tf.Tensor);
      input.dispose();
    }
  } finally {
    x.dispose();
  }
  return out;
}
