import type * as tf from '@tensorflow/tfjs';
import { FusedAdamOptimizer } from '../backends/simd/fusedAdam';

/**
 * Adam as tf.train.adam builds it (same defaults, same state, same values), applied in one kernel per
 * variable on the wasm backend (backends/simd/fusedAdam.ts). The bench's bare loops keep tf.train.adam.
 */
export function adam(learningRate: number, beta1 = 0.9, beta2 = 0.999, epsilon?: number): tf.AdamOptimizer {
  return new FusedAdamOptimizer(learningRate, beta1, beta2, epsilon);
}
