/**
 * The header parts of a GPCK checkpoint whose shape depends on the run: its configuration (read
 * through the workload's settings table), its progress and summary (a CNN's or a GAN's, every key
 * required, no others), and which tensors each kind of run may hold. Every value is untrusted.
 */
import { requireRunConfig, type RunConfig } from '../../config/workloads';
import { detailOf } from '../../i18n/message';
import { finite, part, record, refuse, wholeNumber } from './checkpointRefusal';
import {
  GAN_NETWORKS,
  PREVIEW_NOISE_TENSOR,
  type CheckpointProgress,
  type CheckpointSummary,
  type CheckpointTensor,
  type CurvePoints,
  type GanCheckpointProgress,
  type GanCheckpointSummary,
  type TensorGroup,
} from './checkpointTypes';

export const MAX_CURVE_POINTS = 500;

export function readConfig(value: unknown): RunConfig {
  let config: RunConfig;
  try {
    config = requireRunConfig(value);
  } catch (err) {
    refuse('check.file.configRefused', { detail: detailOf(err) });
  }
  // The table fills a missing setting with its default; a checkpoint must carry every setting as written.
  const stored = record(value, part('check.file.part.config'), Object.keys(config));
  const changed = Object.entries(config).find(([key, v]) => stored[key] !== v);
  if (changed) refuse('check.file.configChanged', { key: changed[0] });
  return config;
}

export function readCnnProgress(value: unknown): CheckpointProgress {
  const p = record(value, part('check.file.part.progress'), ['step', 'epoch', 'streamPosition', 'optimizerIterations']);
  return {
    step: wholeNumber(p.step, part('check.file.part.step')),
    epoch: wholeNumber(p.epoch, part('check.file.part.epoch')),
    streamPosition: wholeNumber(p.streamPosition, part('check.file.part.streamPosition')),
    optimizerIterations: wholeNumber(p.optimizerIterations, part('check.file.part.optimizerIterations')),
  };
}

export function readGanProgress(value: unknown): GanCheckpointProgress {
  const p = record(value, part('check.file.part.progress'), ['step', 'epoch', 'streamPosition', 'noiseDraws', 'generatorIterations', 'discriminatorIterations']);
  return {
    step: wholeNumber(p.step, part('check.file.part.step')),
    epoch: wholeNumber(p.epoch, part('check.file.part.epoch')),
    streamPosition: wholeNumber(p.streamPosition, part('check.file.part.streamPosition')),
    noiseDraws: wholeNumber(p.noiseDraws, part('check.file.part.key', { key: 'noiseDraws' })),
    generatorIterations: wholeNumber(p.generatorIterations, part('check.file.part.key', { key: 'generatorIterations' })),
    discriminatorIterations: wholeNumber(p.discriminatorIterations, part('check.file.part.key', { key: 'discriminatorIterations' })),
  };
}

function readCurve(value: unknown): CurvePoints {
  if (!Array.isArray(value) || value.length > MAX_CURVE_POINTS) refuse('check.file.curveTooLong', { max: String(MAX_CURVE_POINTS) });
  return value.map((point): [number, number] => {
    if (!Array.isArray(point) || point.length !== 2) refuse('check.file.curvePoint');
    return [wholeNumber(point[0], part('check.file.part.curveStep')), finite(point[1], part('check.file.part.curveValue'))];
  });
}

export function readCnnSummary(value: unknown): CheckpointSummary {
  const s = record(value, part('check.file.part.summary'), ['lastLoss', 'lastEval', 'curve']);
  const lastLoss = s.lastLoss === null ? null : finite(s.lastLoss, part('check.file.part.lastLoss'));
  let lastEval: CheckpointSummary['lastEval'] = null;
  if (s.lastEval !== null) {
    const e = record(s.lastEval, part('check.file.part.lastEval'), ['step', 'testLoss', 'testAccuracy']);
    lastEval = {
      step: wholeNumber(e.step, part('check.file.part.evalStep')),
      testLoss: finite(e.testLoss, part('check.file.part.testLoss')),
      testAccuracy: finite(e.testAccuracy, part('check.file.part.testAccuracy')),
    };
  }
  return { lastLoss, lastEval, curve: readCurve(s.curve) };
}

export function readGanSummary(value: unknown): GanCheckpointSummary {
  const s = record(value, part('check.file.part.summary'), ['dLossCurve', 'gLossCurve']);
  return { dLossCurve: readCurve(s.dLossCurve), gLossCurve: readCurve(s.gLossCurve) };
}

/** The tensors' names and groups as declared, before any value is read. */
type TensorSpec = Pick<CheckpointTensor, 'name' | 'group' | 'shape'>;

/**
 * Refuses tensors in no group the run's kind has: a CNN keeps no state tensors and Adam's under
 * adam/; a GAN names every weight and Adam tensor by its network, holds weights of both networks,
 * and one state tensor, its preview noise [previews, latent size]. Which weights a model has is
 * checked where it is rebuilt (assertFits, assertGanFits).
 */
export function checkTensorRoles(config: RunConfig, specs: readonly TensorSpec[]): void {
  if (config.workload === 'cnn') {
    const stray = specs.find((s) => s.group === 'state' || (s.group === 'optimizer' && !s.name.startsWith('adam/')));
    if (stray) refuse('check.file.group', { name: stray.name });
    return;
  }
  const prefixes: Record<TensorGroup, string[]> = {
    weights: GAN_NETWORKS.map((n) => `${n}/`),
    optimizer: GAN_NETWORKS.map((n) => `adam/${n}/`),
    state: [],
  };
  for (const { name, group, shape } of specs) {
    if (group === 'state') {
      if (name !== PREVIEW_NOISE_TENSOR || shape.length !== 2 || shape[1] !== config.latentSize) refuse('check.file.group', { name });
    } else if (!prefixes[group].some((prefix) => name.startsWith(prefix))) {
      refuse('check.file.group', { name });
    }
  }
  const header = part('check.file.part.header');
  for (const network of GAN_NETWORKS) {
    if (!specs.some((s) => s.group === 'weights' && s.name.startsWith(`${network}/`))) refuse('check.file.lacks', { what: header, key: `${network}/…` });
  }
  if (!specs.some((s) => s.group === 'state')) refuse('check.file.lacks', { what: header, key: PREVIEW_NOISE_TENSOR });
}
