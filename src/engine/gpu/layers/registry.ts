/** Every layer kind the app's WebGPU engine compiles, one line each; any other layer keeps a model on TensorFlow.js. */
import { activationLayerKind } from './activationLayer';
import { conv2dKind } from './conv2d';
import { conv2dTransposeKind } from './conv2dTranspose';
import { denseKind } from './dense';
import { maxPoolKind } from './maxPool';
import { reshapeKind } from './reshape';
import type { LayerKind } from './types';

export const LAYER_KINDS: readonly LayerKind[] = [conv2dKind, conv2dTransposeKind, maxPoolKind, denseKind, reshapeKind, activationLayerKind];

/** The kind that reads this TensorFlow.js class name, if any. */
export function layerKindOf(className: string): LayerKind | undefined {
  return LAYER_KINDS.find((kind) => kind.classNames.includes(className));
}
