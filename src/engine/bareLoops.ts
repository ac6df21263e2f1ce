import * as tf from '@tensorflow/tfjs';
import type { RunConfig } from '../config/workloads';
import { CnnWorkload } from './workloads/cnnWorkload';
import { GanWorkload } from './workloads/ganWorkload';
import type { TrainingWorkload } from './workloads/types';

/** One step of a plain tfjs loop, resolving after its losses were read back (one sync per step). */
export interface BareLoop {
  step(): Promise<void>;
  dispose(): void;
}

/** The textbook classifier loop: compile, then trainOnBatch per batch. */
function bareClassifierLoop(workload: CnnWorkload, learningRate: number): BareLoop {
  // A passed-in optimizer is not the model's to dispose, so the loop frees it itself.
  const optimizer = tf.train.adam(learningRate);
  workload.model.compile({ optimizer, loss: 'categoricalCrossentropy', metrics: ['accuracy'] });
  return {
    async step() {
      const { xs, ys } = workload.nextBatch();
      await workload.model.trainOnBatch(xs, ys);
      tf.dispose([xs, ys]);
    },
    dispose: () => optimizer.dispose(),
  };
}

/**
 * The textbook Keras GAN loop: D compiled on its own, D frozen inside a compiled G→D stack, and per
 * step D.trainOnBatch on real + fake, then stack.trainOnBatch on noise labelled real.
 */
function bareGanLoop(workload: GanWorkload, config: Extract<RunConfig, { workload: 'gan' }>): BareLoop {
  const { generator, discriminator, latentSize } = workload.trainer;
  const dOptimizer = tf.train.adam(config.dLearningRate, config.beta1);
  const gOptimizer = tf.train.adam(config.gLearningRate, config.beta1);
  discriminator.compile({ optimizer: dOptimizer, loss: 'binaryCrossentropy' });
  // Frozen while the stack compiles, so the stack's optimizer collects only G's weights.
  discriminator.trainable = false;
  const stack = tf.sequential({ layers: [generator, discriminator] });
  stack.compile({ optimizer: gOptimizer, loss: 'binaryCrossentropy' });
  const batch = config.batchSize;
  const dLabels = tf.tidy(() => tf.concat([tf.ones([batch, 1]), tf.zeros([batch, 1])]));
  const gLabels = tf.ones([batch, 1]);
  return {
    async step() {
      const real = workload.nextRealBatch();
      const images = tf.tidy(() => tf.concat([real, generator.predict(tf.randomNormal([batch, latentSize])) as tf.Tensor4D]));
      // tfjs also checks each variable's trainable flag when it takes gradients: thaw D for its own step.
      discriminator.trainable = true;
      await discriminator.trainOnBatch(images, dLabels);
      discriminator.trainable = false;
      const noise = tf.randomNormal([batch, latentSize]);
      await stack.trainOnBatch(noise, gLabels);
      tf.dispose([real, images, noise]);
    },
    dispose() {
      tf.dispose([dLabels, gLabels]);
      // Nesting D in the stack raised D's reference count (G, the first layer, is adopted without
      // one); dropping that hold lets the workload's own dispose free D's weights.
      discriminator.dispose();
      dOptimizer.dispose();
      gOptimizer.dispose();
      discriminator.trainable = true;
    },
  };
}

export function bareLoopFor(workload: TrainingWorkload, config: RunConfig): BareLoop {
  if (workload instanceof CnnWorkload && config.workload === 'cnn') return bareClassifierLoop(workload, config.learningRate);
  if (workload instanceof GanWorkload && config.workload === 'gan') return bareGanLoop(workload, config);
  throw new Error(`No bare-loop comparison for the ${config.workload} workload.`);
}
