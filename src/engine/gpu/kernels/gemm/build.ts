/** What every candidate's kernels have in common: the grid of TM × TN tiles, the split of the sum, and the sum of partials. */
import type { KernelSource } from '../../program';
import { reduceKernel } from './reduce';
import type { GemmSpec } from './spec';
import { splitFor } from './split';
import { TARGET_WORKGROUPS, type GemmBuild } from './types';

/** The product's WGSL given its (possibly cut) spec, the steps per split and whether it is split. */
export type ProductBody = (spec: GemmSpec, chunk: number, split: boolean) => string;

export function tiledGridBuild(spec: GemmSpec, TM: number, TN: number, product: ProductBody): GemmBuild & { grid: [number, number, number] } {
  const tiles = Math.ceil(spec.M / TM) * Math.ceil(spec.N / TN);
  const plan = splitFor(spec, tiles, TARGET_WORKGROUPS);
  const grid: [number, number, number] = [Math.ceil(spec.N / TN), Math.ceil(spec.M / TM), plan.splits];
  const split = plan.splits > 1;
  return {
    grid,
    scratchFloats: plan.scratchFloats,
    kernels(scratch: GPUBuffer | null): KernelSource[] {
      const body = product(plan.spec, plan.chunk, split);
      if (!split) return [{ label: spec.label, body, bound: spec.bound, workgroups: grid }];
      if (!scratch) throw new Error(`${spec.label}: a split product needs a scratch buffer.`);
      return [{ label: spec.label, body, bound: [...spec.bound, { name: 'partial', buffer: scratch, write: true }], workgroups: grid }, reduceKernel(spec, plan.splits, scratch)];
    },
  };
}
