import * as tf from '@tensorflow/tfjs';
import type { TrainingWorkload } from '../workloads/types';
import type { KernelGroup } from '../protocol/lab';
import { disposeScalars } from './timeTraining';

/** The fields of tfjs's per-kernel profile record that the grouping reads. */
export interface KernelRecord {
  name: string;
  /** A number once tf.profile resolved; `{ error }` (WebGL without a timer in tf.time) counts as no time. */
  kernelTimeMs: unknown;
  bytesAdded: number;
}

export interface ProfiledStep {
  kernels: KernelRecord[];
  peakBytes: number;
  /** Wall time of the step including its read-back, slowed by profiling. */
  wallMs: number;
}

/** One training step under tf.profile, read back at the end; the scalars are disposed. Never used for throughput. */
export async function profileStep(workload: TrainingWorkload): Promise<ProfiledStep> {
  // The app's engine makes every buffer up front: its peak is known exactly, and tf.profile sees none of its kernels.
  const known = workload.knownStepPeak?.();
  if (known) return { kernels: [], peakBytes: known.peakBytes, wallMs: NaN };
  let wallMs = NaN;
  const info = await tf.profile(async () => {
    const start = performance.now();
    const scalars = workload.step();
    try {
      await Promise.all(Object.values(scalars).map((t) => t.data()));
      wallMs = performance.now() - start;
    } finally {
      disposeScalars(scalars);
    }
  });
  return { kernels: info.kernels, peakBytes: info.peakBytes, wallMs };
}

/**
 * Groups kernels by name with count, summed time, share of the step's summed kernel time and bytes
 * added; sorted by time, or by count when times are unusable (then totalMs and share are null).
 */
export function groupKernels(kernels: readonly KernelRecord[], timesUsable: boolean): { groups: KernelGroup[]; totalMs: number | null } {
  const byName = new Map<string, { count: number; ms: number; bytesAdded: number }>();
  for (const k of kernels) {
    const group = byName.get(k.name) ?? { count: 0, ms: 0, bytesAdded: 0 };
    group.count += 1;
    group.ms += typeof k.kernelTimeMs === 'number' && Number.isFinite(k.kernelTimeMs) ? k.kernelTimeMs : 0;
    group.bytesAdded += k.bytesAdded;
    byName.set(k.name, group);
  }
  const totalMs = timesUsable ? [...byName.values()].reduce((s, g) => s + g.ms, 0) : null;
  const groups: KernelGroup[] = [...byName.entries()].map(([name, g]) => ({
    name,
    count: g.count,
    totalMs: timesUsable ? g.ms : null,
    share: totalMs ? g.ms / totalMs : null,
    bytesAdded: g.bytesAdded,
  }));
  groups.sort((a, b) => (b.totalMs ?? 0) - (a.totalMs ?? 0) || b.count - a.count || a.name.localeCompare(b.name));
  return { groups, totalMs };
}
