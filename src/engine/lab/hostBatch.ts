import { valuesPerImage, type ImageShape } from '../../config/imageShape';
import { oneHot } from '../../data/deviceDataset';
import type { ImageSplit } from '../../data/types';
import type { HostBatch } from '../bench/stepAnatomy';

const MAX_PIXEL_VALUE = 255;

/** The first batchSize examples as host arrays, scaled and one-hot the way the CNN workload's device data is. */
export function hostBatch(split: ImageSplit, batchSize: number, classes: number, shape: ImageShape): HostBatch {
  if (batchSize < 1 || batchSize > split.count) throw new Error(`Batch size ${batchSize} is outside 1..${split.count} examples.`);
  const xs = new Float32Array(batchSize * valuesPerImage(shape));
  for (let i = 0; i < xs.length; i++) xs[i] = split.images[i] / MAX_PIXEL_VALUE;
  const ys = oneHot(split.labels.subarray(0, batchSize), classes);
  return { xs, xsShape: [batchSize, shape.side, shape.side, shape.channels], ys, ysShape: [batchSize, classes] };
}
