import * as tf from '@tensorflow/tfjs';
import { backendMessage, isBackendName } from '../../config/backends';
import { msg, MessageError } from '../../i18n/message';

/** Gradient kernels that training a layer of this class needs beyond its forward kernels. */
const TRAINING_KERNELS: Record<string, string[]> = {
  Conv2D: ['Conv2DBackpropFilter', 'Conv2DBackpropInput'],
  Conv2DTranspose: ['Conv2DBackpropFilter', 'Conv2D'],
  MaxPooling2D: ['MaxPoolGrad'],
};

/**
 * Throws, with a message for the page, when the active backend lacks a kernel that training this model needs
 * (tfjs-backend-wasm 4.22 has no Conv2DBackpropFilter), instead of failing at the first step.
 */
export function assertCanTrain(models: tf.LayersModel[], backend: string): void {
  const missing = new Set<string>();
  for (const model of models) {
    for (const layer of model.layers) {
      for (const kernel of TRAINING_KERNELS[layer.getClassName()] ?? []) {
        if (!tf.getKernel(kernel, backend)) missing.add(`${kernel} (${layer.getClassName()})`);
      }
    }
  }
  if (missing.size) {
    const name = isBackendName(backend) ? backendMessage(backend) : backend;
    throw new MessageError(msg('engine.backend.missingKernels', { backend: name, kernels: [...missing].join(', ') }));
  }
}
