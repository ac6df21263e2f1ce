/** What one training step costs the CPU and the device on WebGPU, as the engine's bench measures it: plain data. */
export interface StepFigures {
  /** Per step, over the measured windows: dispatches, submits, buffers, bind groups, writes. */
  perStep: { dispatches: number; submits: number; buffers: number; bindGroups: number; writes: number };
  /** Waits per measured window of steps (the read-back of its scalars is one). */
  awaitsPerWindow: number;
  windowSteps: number;
  /** Pipelines compiled from the workload's first step to the end. */
  pipelines: number;
  /** CPU ms to record and submit one step (the median window's mean). */
  encodeMs: number;
  /** Wall ms per step: the median window's mean, a window's steps in flight and read back once. */
  stepMs: number;
  firstStepMs: number;
  /**
   * The GPU's idle time between two measured windows, ms, median (the app's engine, from timestamp queries: the
   * end of one window's work to the start of the next); null where the device has no timestamps or the engine
   * did not run; NaN where fewer than two windows were measured.
   */
  gpuIdleMs: number | null;
}
