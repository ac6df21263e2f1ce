/** What a candidate kernel for a product is, and the device facts it is judged by. */
import type { KernelSource } from '../../program';
import type { GemmSpec } from './spec';

/** The parts of a device a candidate needs to know of: its features and its compute limits. */
export interface DeviceFacts {
  features: ReadonlySet<string>;
  maxInvocations: number;
  maxWorkgroupSizeX: number;
  maxWorkgroupSizeY: number;
  maxWorkgroupStorage: number;
  maxWorkgroupsPerDimension: number;
}

/** WebGPU's guaranteed limits: what every adapter offers. */
export const BASELINE_DEVICE: DeviceFacts = {
  features: new Set(),
  maxInvocations: 256,
  maxWorkgroupSizeX: 256,
  maxWorkgroupSizeY: 256,
  maxWorkgroupStorage: 16384,
  maxWorkgroupsPerDimension: 65535,
};

export function deviceFacts(device: GPUDevice): DeviceFacts {
  const l = device.limits;
  return {
    features: new Set(device.features as unknown as Iterable<string>),
    maxInvocations: l.maxComputeInvocationsPerWorkgroup,
    maxWorkgroupSizeX: l.maxComputeWorkgroupSizeX,
    maxWorkgroupSizeY: l.maxComputeWorkgroupSizeY,
    maxWorkgroupStorage: l.maxComputeWorkgroupStorageSize,
    maxWorkgroupsPerDimension: l.maxComputeWorkgroupsPerDimension,
  };
}

/** One candidate's kernels for one product: the product itself, and the sum of its partials where it is split. */
export interface GemmBuild {
  /** Floats of partial sums it needs in the plan's shared scratch buffer (0: none). */
  scratchFloats: number;
  kernels(scratch: GPUBuffer | null): KernelSource[];
}

export type GemmFamily = 'direct' | 'tiled' | 'subgroup' | 'legacy';

/** One way to run a product: one line of the candidate table (candidates.ts). */
export interface GemmCandidate {
  id: string;
  family: GemmFamily;
  /** Why it cannot run this product on this device (a missing feature, a limit), or null when it can. */
  unfit(spec: GemmSpec, device: DeviceFacts): string | null;
  build(spec: GemmSpec): GemmBuild;
}

/** Enough workgroups to fill a large GPU (an H200 has 132 multiprocessors) several times over. */
export const TARGET_WORKGROUPS = 512;

/** The grid's limits: a product too tall for one dispatch is unfit for a candidate. */
export function gridUnfit(grid: readonly [number, number, number], device: DeviceFacts): string | null {
  const most = Math.max(...grid);
  return most > device.maxWorkgroupsPerDimension ? `${most} workgroups along one side (at most ${device.maxWorkgroupsPerDimension})` : null;
}
