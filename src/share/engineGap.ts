/**
 * A race that ran WebGPU on both engines: the same model, batch and GPU, once compiled by the app into a
 * few fused kernels and once through TensorFlow.js's kernel per operation. The app's engine's step is at
 * most what the GPU itself needs; what TensorFlow.js takes beyond it is the software around the kernels.
 * Pure: the race panel and a shared race show the sentence this makes from the two measured medians.
 */
import type { BackendName } from '../config/backends';
import type { GpuEngine } from '../config/gpuEngines';
import { laneIdOf } from '../config/lanes';
import { msg, type Message } from '../i18n/message';
import { formatRatio } from './figureFormat';
import { formatNumber, formatPercent } from './format';

/** A row of a race or of a shared race: its lane and median step. */
export interface LaneStep {
  backend: BackendName;
  engine?: GpuEngine;
  /** A row that asked for the app's engine and ran on TensorFlow.js's kernels (its lane is not measured). */
  engineNote?: Message;
  medianStepMs: number;
}

export interface EngineGap {
  /** Median step on the app's engine: an upper bound of the GPU's own work for this step. */
  appMs: number;
  /** Median step on TensorFlow.js's WebGPU kernels. */
  tfjsMs: number;
  /** tfjsMs − appMs: what TensorFlow.js spends around its kernels beyond the app's engine (0 when it spent nothing more). */
  softwareMs: number;
  /** softwareMs ÷ tfjsMs. */
  softwareShare: number;
  /** tfjsMs ÷ appMs: how many times faster the app's engine stepped. */
  speedUp: number;
}

const usable = (ms: number) => Number.isFinite(ms) && ms > 0;

/** The two WebGPU lanes' step times, when both ran; null otherwise. */
export function engineGap(rows: readonly LaneStep[]): EngineGap | null {
  const app = rows.find((r) => laneIdOf(r) === 'webgpu' && usable(r.medianStepMs));
  const tfjs = rows.find((r) => laneIdOf(r) === 'webgpu-tfjs' && !r.engineNote && usable(r.medianStepMs));
  if (!app || !tfjs) return null;
  const softwareMs = Math.max(0, tfjs.medianStepMs - app.medianStepMs);
  return { appMs: app.medianStepMs, tfjsMs: tfjs.medianStepMs, softwareMs, softwareShare: softwareMs / tfjs.medianStepMs, speedUp: tfjs.medianStepMs / app.medianStepMs };
}

const ms = (value: number) => msg('lab.value.ms', { value: formatNumber(value) });

/**
 * One sentence on the pair: how much of TensorFlow.js's step is software around its kernels; that the
 * app's engine saved nothing, where it did not; on a software GPU, that both are CPU times.
 */
export function engineGapMessage(gap: EngineGap, softwareGpu: boolean): Message {
  const values = { app: ms(gap.appMs), tfjs: ms(gap.tfjsMs), software: ms(gap.softwareMs), share: formatPercent(gap.softwareShare), ratio: formatRatio(gap.speedUp) };
  if (softwareGpu) return msg('lab.race.engineGapSoftware', values);
  return msg(gap.softwareMs > 0 ? 'lab.race.engineGap' : 'lab.race.engineGapNone', values);
}

/** The same sentence for a shared race (its app-loop rows), or null where it did not run both WebGPU lanes. */
export function resultEngineGapMessage(result: { race: unknown; rows: readonly (LaneStep & { loop: string; softwareGpu?: boolean })[] }): Message | null {
  if (result.race === null) return null;
  const rows = result.rows.filter((r) => r.loop === 'app');
  const gap = engineGap(rows);
  return gap && engineGapMessage(gap, rows.some((r) => r.backend === 'webgpu' && r.softwareGpu === true));
}
