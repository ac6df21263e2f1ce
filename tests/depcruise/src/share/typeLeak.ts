// tfjs-only-in-workers: a type-only import still drags TensorFlow.js into a page layer.
import type { Tensor } from '@tensorflow/tfjs-core';
export type Leak = Tensor;
