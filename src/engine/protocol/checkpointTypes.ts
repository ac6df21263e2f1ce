/**
 * What a GPCK checkpoint holds once read (checkpointFormat.ts reads and writes it): a CNN run or a
 * GAN run, told apart by its configuration's workload, and the tensor names both sides agree on.
 */
import type { CnnRunConfig } from '../../config/cnnConfig';
import type { GanRunConfig } from '../../config/ganConfig';

/** Weights of the model(s); Adam's state; other state a run needs to continue exactly (a GAN's preview noise). */
export type TensorGroup = 'weights' | 'optimizer' | 'state';
export const TENSOR_GROUPS: readonly TensorGroup[] = ['weights', 'optimizer', 'state'];

export interface CheckpointTensor {
  name: string;
  group: TensorGroup;
  shape: number[];
  values: Float32Array;
}

/** A CNN run's progress. */
export interface CheckpointProgress {
  /** Optimizer steps done. */
  step: number;
  /** 1-based epoch of the last step done (0 before any). */
  epoch: number;
  /** Micro-batches the data stream handed out. */
  streamPosition: number;
  optimizerIterations: number;
}

/** A GAN run's progress: each network has its own Adam, and the training noise is seeded per draw. */
export interface GanCheckpointProgress {
  /** Generator steps done (the run's steps). */
  step: number;
  /** 1-based epoch of the last step done (0 before any). */
  epoch: number;
  /** Real batches the data stream handed out. */
  streamPosition: number;
  /** Training noise tensors drawn so far: the next draw's seed. */
  noiseDraws: number;
  generatorIterations: number;
  discriminatorIterations: number;
}

/** [step, value] pairs, downsampled to at most MAX_CURVE_POINTS. */
export type CurvePoints = [number, number][];

/** A CNN run's summary. */
export interface CheckpointSummary {
  lastLoss: number | null;
  lastEval: { step: number; testLoss: number; testAccuracy: number } | null;
  /** [step, train loss] pairs, downsampled: the loss curve a resumed run draws before its own points. */
  curve: CurvePoints;
}

/** A GAN run's summary: its two loss curves. */
export interface GanCheckpointSummary {
  dLossCurve: CurvePoints;
  gLossCurve: CurvePoints;
}

export interface CnnCheckpoint {
  createdAt: string;
  config: CnnRunConfig;
  progress: CheckpointProgress;
  summary: CheckpointSummary;
  tensors: CheckpointTensor[];
}

export interface GanCheckpoint {
  createdAt: string;
  config: GanRunConfig;
  progress: GanCheckpointProgress;
  summary: GanCheckpointSummary;
  tensors: CheckpointTensor[];
}

export type Checkpoint = CnnCheckpoint | GanCheckpoint;

export function isCnnCheckpoint(checkpoint: Checkpoint): checkpoint is CnnCheckpoint {
  return checkpoint.config.workload === 'cnn';
}

export function isGanCheckpoint(checkpoint: Checkpoint): checkpoint is GanCheckpoint {
  return checkpoint.config.workload === 'gan';
}

export const GAN_NETWORKS = ['generator', 'discriminator'] as const;
export type GanNetwork = (typeof GAN_NETWORKS)[number];

/** The GAN's fixed preview noise, [previews, latent size], in the 'state' group. */
export const PREVIEW_NOISE_TENSOR = 'previewNoise';

/** Where a network's tensors are named: a CNN's weights as they are (conv1/kernel) and Adam's under adam/; a GAN network's under its name. */
export interface TensorNaming {
  /** Prefix of the weights' names: '' or 'generator/'. */
  weights: string;
  /** Prefix of Adam's tensors: 'adam' or 'adam/generator' (then /accBeta1, /m/<weight>…). */
  adam: string;
}

export const CNN_NAMING: TensorNaming = { weights: '', adam: 'adam' };

export function ganNaming(network: GanNetwork): TensorNaming {
  return { weights: `${network}/`, adam: `adam/${network}` };
}
