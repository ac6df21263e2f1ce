import * as tf from '@tensorflow/tfjs';

/** Gradient kernels that training a layer of this class needs beyond its forward kernels. */
const TRAINING_KERNELS: Record<string, string[]> = {
  Conv2D: ['Conv2DBackpropFilter', 'Conv2DBackpropInput'],
  Conv2DTranspose: ['Conv2DBackpropFilter', 'Conv2D'],
  MaxPooling2D: ['MaxPoolGrad'],
};

/**
 * Throws, in plain words, when the active backend lacks a kernel that training this model needs
 * (tfjs-backend-wasm 4.22 has no Conv2DBackpropFilter), instead of failing at the first step.
 */
export function assertCanTrain(models: tf.LayersModel[], backend: string): void {
  const missing = new Set<string>();
  for (const model of models) {
    for (const layer of model.layers) {
      for (const kernel of TRAINING_KERNELS[layer.getClassName()] ?? []) {
        if (!tf.getKernel(kernel, backend)) missing.add(`${kernel} (for ${layer.getClassName()})`);
      }
    }
  }
  if (missing.size) {
    throw new Error(
      `The ${backend} backend cannot train this model: it has no ${[...missing].join(', ')} kernel. Pick a model without those layers (the MLP) or another backend.`,
    );
  }
}
