/** How the app's engine chose each matrix product's kernel on the adapter (src/engine/gpu/tuning): plain data, for the bench and the page. */

export interface CandidateTime {
  id: string;
  /** Milliseconds per run; null where it did not run (the note says why). */
  ms: number | null;
  note?: string;
}

export interface ProductTuning {
  label: string;
  flops: number;
  tried: CandidateTime[];
  choice: string;
}

/** timed: candidates timed now; remembered: this adapter's earlier choice; slowAdapter: too slow to time, the form measured best on such adapters; forced: one asked for. */
export type TuningSource = 'timed' | 'remembered' | 'slowAdapter' | 'forced';

export interface TuningReport {
  source: TuningSource;
  /** Wall milliseconds the choice took (compiles and timings). */
  ms: number;
  /** One run of the largest product in the first candidate that fits, where it was measured. */
  probeMs: number | null;
  /** Times from the GPU's timestamp queries (else the wall clock around a submit). */
  onGpuClock: boolean;
  /** Pipelines compiled to time candidates (the plan's own are counted by the plan). */
  pipelines: number;
  products: ProductTuning[];
}
