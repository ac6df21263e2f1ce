import { backendMessage, CPU_BACKENDS, GPU_BACKENDS, type BackendName } from '../config/backends';
import type { SoftwareGpu } from '../config/softwareGpu';
import type { MatmulSweepPoint } from '../engine/protocol/lab';
import { msg, type Message } from '../i18n/message';
import type { Translator } from '../i18n/translator';
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

/** A software GPU's curve under the chart: no GPU/CPU crossover, its renderer named as the browser reported it (data). */
export function softwareCrossoverMessage(c: Crossover, software: SoftwareGpu): Message {
  return msg('softwareGpu.crossover', { gpu: backendMessage(c.gpu), cpu: backendMessage(c.baseline), renderer: software.renderer ?? msg('softwareGpu.fallbackAdapter') });
}

/**
 * One sentence under the chart, in the translator's language: where the GPU overtakes the CPU, and
 * why; for a software GPU (the CPU itself), that its curve is no GPU/CPU crossover at all.
 */
export function crossoverSentence(c: Crossover, t: Translator, software: SoftwareGpu | null = null): string {
  const gpu = t.t(`backend.${c.gpu}`);
  const cpu = t.t(`backend.${c.baseline}`);
  if (software) return t.say(softwareCrossoverMessage(c, software));
  if (c.size === null) return t.t('lab.matmul.stillBehind', { gpu, cpu, side: side(c.largestCommon) });
  if (c.size === c.smallestCommon) return t.t('lab.matmul.beatsEverywhere', { gpu, cpu, side: side(c.size) });
  return t.t('lab.matmul.overtakesFrom', { gpu, cpu, side: side(c.size) });
}
