/**
 * The product forms the tuner can choose, each forced for a whole model, and a model's first steps in a form:
 * what formsAtScale.test.ts compares at the models' real shapes. A form is a family of candidates
 * (kernels/gemm/candidates.ts, one generator each; network.test.ts runs every candidate of every family against
 * TensorFlow.js); its representative here is the one the tuner keeps where it cannot time (direct), the
 * smallest tiled one (SwiftShader runs workgroup barriers slowly, and a 64-wide tile over a 1-channel output
 * wastes most of its work there), and the subgroup form.
 */
import { defaultCnnConfig } from '../../../config/cnnConfig';
import { defaultGanConfig } from '../../../config/ganConfig';
import type { CnnModelId, GanModelId } from '../../../config/models';
import type { ImageDataset } from '../../../data/types';
import { CnnWorkload } from '../../workloads/cnnWorkload';
import { GanWorkload } from '../../workloads/ganWorkload';
import type { TrainingWorkload } from '../../workloads/types';
import { SLOW_ADAPTER_CANDIDATE } from '../tuning/tuner';

export const FORMS = { direct: SLOW_ADAPTER_CANDIDATE, tiled: 'tiled-32x32x16-4x4', subgroup: 'subgroup-4x4-16x16' } as const;
export type Form = keyof typeof FORMS;

export type Network = { cnn: CnnModelId } | { gan: GanModelId };

export function networkName(network: Network): string {
  return 'cnn' in network ? network.cnn : `${network.gan} GAN`;
}

/** A workload of `network` at `batch` whose steps run on the engine in `form` (or on cpu with none). */
export function formWorkload(network: Network, batch: number, data: ImageDataset, engine: { device: GPUDevice; form: Form } | null): TrainingWorkload {
  const target = engine ? { engine: { device: engine.device, gemm: FORMS[engine.form] } } : {};
  if ('cnn' in network) {
    const config = { ...defaultCnnConfig(), backend: 'cpu' as const, model: network.cnn, batchSize: batch, trainExamples: data.train.count, testExamples: data.test.count, learningRate: 0.005, seed: 5 };
    return CnnWorkload.create(config, data, 'cpu', {}, target);
  }
  return GanWorkload.create({ ...defaultGanConfig(), backend: 'cpu', model: network.gan, batchSize: batch, seed: 5 }, data, 'cpu', {}, target);
}

/** Each step's scalars, read step by step, and how far every weight tensor moved (a gradient that never flowed moves nothing). */
export async function firstSteps(workload: TrainingWorkload, steps: number, weights: () => Promise<Float32Array[]>): Promise<{ scalars: Record<string, number>[]; moved: number[] }> {
  const before = await weights();
  const scalars: Record<string, number>[] = [];
  for (let i = 0; i < steps; i++) {
    if (!workload.runSteps) throw new Error('This workload does not train on the engine.');
    scalars.push(await workload.runSteps(1));
  }
  const after = await weights();
  return { scalars, moved: after.map((w, i) => w.reduce((most, v, j) => Math.max(most, Math.abs(v - before[i][j])), 0)) };
}

/** A workload's weights as the engine holds them (both networks of a GAN). */
export async function engineWeights(workload: TrainingWorkload): Promise<Float32Array[]> {
  if (workload instanceof CnnWorkload) return (await workload.captureState()).weights.map((w) => w.values);
  if (workload instanceof GanWorkload) {
    const state = await workload.captureState();
    return [...state.generator.weights, ...state.discriminator.weights].map((w) => w.values);
  }
  throw new Error('Not a workload the engine trains.');
}
