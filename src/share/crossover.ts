import { BACKEND_LABELS, CPU_BACKENDS, GPU_BACKENDS, type BackendName } from '../config/backends';
import type { MatmulSweepPoint } from '../engine/protocol/lab';
import { findCrossover } from '../metrics/crossover';

/** The CPU each GPU is compared with: plain JS when it ran, else WebAssembly. */
const CPU_BASELINES: readonly BackendName[] = CPU_BACKENDS;

export interface Crossover {
  gpu: BackendName;
  baseline: BackendName;
  /** Smallest size from which the GPU stays ahead; null when it is not ahead at the largest common size. */
  size: number | null;
  /** The largest and smallest sizes both measured. */
  smallestCommon: number;
  largestCommon: number;
}

/** One crossover per GPU backend that shares at least one size with the CPU baseline. */
export function matmulCrossovers(points: readonly MatmulSweepPoint[]): Crossover[] {
  const baseline = CPU_BASELINES.find((b) => points.some((p) => p.backend === b));
  if (!baseline) return [];
  const cpuPoints = points.filter((p) => p.backend === baseline);
  const cpuSizes = new Set(cpuPoints.map((p) => p.size));
  const out: Crossover[] = [];
  for (const gpu of GPU_BACKENDS) {
    const gpuPoints = points.filter((p) => p.backend === gpu);
    const common = gpuPoints.map((p) => p.size).filter((s) => cpuSizes.has(s));
    if (common.length === 0) continue;
    out.push({ gpu, baseline, size: findCrossover(cpuPoints, gpuPoints), smallestCommon: Math.min(...common), largestCommon: Math.max(...common) });
  }
  return out;
}

const side = (n: number) => `${n}×${n}`;

/** One sentence under the chart: where the GPU overtakes the CPU, and why. */
export function crossoverSentence(c: Crossover): string {
  const gpu = BACKEND_LABELS[c.gpu];
  const cpu = BACKEND_LABELS[c.baseline];
  if (c.size === null) {
    return `${gpu} is still behind ${cpu} at ${side(c.largestCommon)}, the largest size measured: at these sizes the fixed cost of launching GPU work and reading the result back outweighs its parallel arithmetic.`;
  }
  if (c.size === c.smallestCommon) {
    return `${gpu} beats ${cpu} at every size measured, from ${side(c.size)} up: even the smallest product has enough parallel work to pay for launching it and reading it back.`;
  }
  return `${gpu} overtakes ${cpu} from ${side(c.size)} on: below that, launching GPU work and reading the result back costs more than the arithmetic it saves; above it, thousands of parallel lanes win.`;
}
