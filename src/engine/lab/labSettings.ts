import { CNN_MODEL_IDS, DATASET_IDS, type CnnModelId, type DatasetId } from '../../config/runConfig';
import { validate, type FieldError, type Schema } from '../../config/schema';
import type { LabWorkload } from './labProtocol';

/**
 * The lab's shared workload settings. Defaults: the classic CNN at batch 64, 2 warm-up + 10 measured
 * steps, so a race over cpu, webgl and webgpu takes well under a minute on a typical laptop (plain-JS
 * CPU ~1-3 s a step there; a GPU backend a small fraction of that).
 */
export const LAB_SCHEMA = {
  model: { kind: 'enum', label: 'Model', default: 'classic' as CnnModelId, options: CNN_MODEL_IDS },
  dataset: { kind: 'enum', label: 'Data set', default: 'mnist' as DatasetId, options: DATASET_IDS },
  batchSize: { kind: 'int', label: 'Batch size', default: 64, min: 1, max: 4096, unit: 'examples' },
  seed: { kind: 'int', label: 'Seed', default: 42, min: 0, max: 2 ** 31 - 1 },
  warmupSteps: { kind: 'int', label: 'Warm-up steps', default: 2, min: 1, max: 100, unit: 'steps' },
  measuredSteps: { kind: 'int', label: 'Measured steps', default: 10, min: 2, max: 1000, unit: 'steps' },
} as const satisfies Schema;

export const LAB_SETTING_KEYS = Object.keys(LAB_SCHEMA) as (keyof typeof LAB_SCHEMA)[];

export function parseLabWorkload(raw: Record<string, unknown>): { workload: LabWorkload; errors: FieldError[] } {
  const { values, errors } = validate(LAB_SCHEMA, raw);
  return { workload: values, errors };
}

export function defaultLabWorkload(): LabWorkload {
  return parseLabWorkload({}).workload;
}

/** Matrix sizes the size sweep offers: powers of two. */
export const MATMUL_SIZE_CHOICES = [16, 32, 64, 128, 256, 512, 1024, 2048, 4096] as const;
export const MATMUL_DEFAULTS = { minSize: 32, maxSize: 2048, warmupRuns: 2, timedRuns: 5 } as const;
export const BATCH_SIZE_CHOICES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096] as const;
export const BATCH_SWEEP_DEFAULTS = { minBatch: 16, maxBatch: 512 } as const;
/** A sweep point predicted to take longer than this is skipped and its backend's sweep ends, ms. */
export const SWEEP_POINT_BUDGET_MS = 20_000;
export const ANATOMY_DEFAULTS = { syncSteps: 20, everyK: 10 } as const;

/** Every power of two from min to max inclusive; empty when min > max or either is not a power of two. */
export function powersOfTwo(min: number, max: number): number[] {
  const isPower = (n: number) => Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;
  if (!isPower(min) || !isPower(max) || min > max) return [];
  const out: number[] = [];
  for (let n = min; n <= max; n *= 2) out.push(n);
  return out;
}

/** "32..2048" (powers of two between) or "16,48,100" (exactly these); null when malformed. */
export function parseSizeList(text: string): number[] | null {
  const range = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(text);
  if (range) {
    const sizes = powersOfTwo(Number(range[1]), Number(range[2]));
    return sizes.length ? sizes : null;
  }
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1)) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}
