/**
 * A GAN run's training state as a GPCK checkpoint and back: both networks' weights under their
 * network's name (generator/g_dense1/kernel), each network's Adam under adam/<network>/, the fixed
 * preview noise as the state tensor previewNoise, and the counters an exact continuation needs
 * (data position, noise draws, each Adam's iterations) in its progress. Plain data both ways.
 */
import type * as tf from '@tensorflow/tfjs';
import type { GanRunConfig } from '../../config/ganConfig';
import { msg, MessageError } from '../../i18n/message';
import { ganNaming, PREVIEW_NOISE_TENSOR, type GanCheckpoint, type GanCheckpointSummary, type GanNetwork } from '../protocol/checkpointFormat';
import type { GanTrainer } from '../gan/ganSteps';
import type { GanTrainingState } from '../workloads/ganWorkload';
import { weightMismatch } from './loadCheckpoint';
import { networkStateOf, networkTensors } from './networkState';
import { epochOf, thinCurve, type CheckpointProgressIn } from './savedModel';

/** The checkpoint of a GAN run at `progress`, from its state as captureState read it. */
export function ganCheckpointOf(config: GanRunConfig, state: GanTrainingState, progress: CheckpointProgressIn, summary: GanCheckpointSummary, createdAt = new Date().toISOString()): GanCheckpoint {
  return {
    createdAt,
    config,
    progress: {
      step: progress.step,
      epoch: epochOf(progress),
      streamPosition: state.streamPosition,
      noiseDraws: state.noiseDraws,
      generatorIterations: state.generator.adam.iterations,
      discriminatorIterations: state.discriminator.adam.iterations,
    },
    summary: { dLossCurve: thinCurve(summary.dLossCurve), gLossCurve: thinCurve(summary.gLossCurve) },
    tensors: [
      ...networkTensors(state.generator, ganNaming('generator')),
      ...networkTensors(state.discriminator, ganNaming('discriminator')),
      { name: PREVIEW_NOISE_TENSOR, group: 'state', shape: state.previewNoise.shape, values: state.previewNoise.values },
    ],
  };
}

/** The training state a GAN checkpoint holds; throws one sentence when a network's Adam tensors do not match its weights. */
export function ganStateOf(checkpoint: GanCheckpoint): GanTrainingState {
  const { progress, tensors } = checkpoint;
  const noise = previewNoiseOf(checkpoint);
  return {
    generator: networkStateOf(tensors, ganNaming('generator'), progress.generatorIterations),
    discriminator: networkStateOf(tensors, ganNaming('discriminator'), progress.discriminatorIterations),
    previewNoise: { shape: [...noise.shape], values: noise.values },
    noiseDraws: progress.noiseDraws,
    streamPosition: progress.streamPosition,
  };
}

/** The saved preview noise; the validator requires it, and a checkpoint built in memory is checked here too. */
function previewNoiseOf(checkpoint: GanCheckpoint): { shape: number[]; values: Float32Array } {
  const noise = checkpoint.tensors.find((t) => t.group === 'state' && t.name === PREVIEW_NOISE_TENSOR);
  if (!noise) throw new MessageError(msg('check.file.unusable', { reason: msg('check.file.lacks', { what: msg('check.file.part.header'), key: PREVIEW_NOISE_TENSOR }) }));
  return noise;
}

/** A network's saved weights by their names within it (g_dense1/kernel). */
function savedWeights(checkpoint: GanCheckpoint, network: GanNetwork): { name: string; shape: number[] }[] {
  const prefix = ganNaming(network).weights;
  return checkpoint.tensors.filter((t) => t.group === 'weights' && t.name.startsWith(prefix)).map((t) => ({ name: t.name.slice(prefix.length), shape: t.shape }));
}

/**
 * Refuses a GAN checkpoint that does not fit the trainer's two models, by name and shape, in order:
 * with one sentence saying so when its generator and discriminator are swapped, else the first
 * weight that does not fit (a preview noise of another shape is refused by GanTrainer.restoreState,
 * before it writes anything).
 */
export function assertGanFits(trainer: GanTrainer, checkpoint: GanCheckpoint): void {
  const models: Record<GanNetwork, tf.LayersModel> = { generator: trainer.generator, discriminator: trainer.discriminator };
  const saved = { generator: savedWeights(checkpoint, 'generator'), discriminator: savedWeights(checkpoint, 'discriminator') };
  const mismatch = (network: GanNetwork) => weightMismatch(models[network], saved[network], ganNaming(network).weights);
  const problem = mismatch('generator') ?? mismatch('discriminator');
  if (problem) {
    const swapped = !weightMismatch(models.discriminator, saved.generator) && !weightMismatch(models.generator, saved.discriminator);
    throw new MessageError(swapped ? msg('engine.checkpoint.swapped') : problem);
  }
}

