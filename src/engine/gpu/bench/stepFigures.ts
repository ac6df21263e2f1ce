/**
 * What one training step costs the CPU and the device, on either WebGPU engine: dispatches, submits,
 * waits, buffers and bind groups made per step once warm, pipelines compiled in all, CPU time to record
 * and submit a step, and the step's time with steps in flight and one read-back per window of steps.
 * Runs the app's own TrainingLoop, so it measures what a run gets.
 */
import { summarize } from '../../../metrics/stats';
import type { StepPart } from '../../protocol/training';
import { TrainingLoop } from '../../trainingLoop';
import type { TrainingWorkload } from '../../workloads/types';
import type { StepFigures } from '../../protocol/stepFigures';
import { countsBetween, GpuCallCounter, type GpuCallCounts } from './gpuCalls';


export interface StepFigureOptions {
  warmupSteps: number;
  windows: number;
  windowSteps: number;
  /** false: the app's engine records no window ahead of a read (the GPU's idle time between windows, before and after). */
  runAhead?: boolean;
}

/** Times step() (TensorFlow.js: recording is the call) unless the workload counts its own recording (the app's engine). */
function encodeTimer(workload: TrainingWorkload): { workload: TrainingWorkload; ms: () => number } {
  if (workload.encodeMs) return { workload, ms: () => workload.encodeMs?.() ?? 0 };
  let ms = 0;
  const step = (part?: StepPart) => {
    const start = performance.now();
    try {
      return workload.step(part);
    } finally {
      ms += performance.now() - start;
    }
  };
  return { workload: Object.assign(Object.create(workload) as TrainingWorkload, { step }), ms: () => ms };
}

export async function measureStepFigures(workload: TrainingWorkload, options: StepFigureOptions): Promise<StepFigures> {
  const { warmupSteps, windows, windowSteps } = options;
  const timed = encodeTimer(workload);
  const counter = GpuCallCounter.install();
  const start = counter.snapshot();
  const measured: { counts: GpuCallCounts; steps: number; stepMs: number; encodeMs: number }[] = [];
  let last = { counts: start, encodeMs: 0 };
  let firstStepMs = NaN;
  try {
    const loop = new TrainingLoop(
      timed.workload,
      {
        onState: () => undefined,
        onFirstStep: (ms) => (firstStepMs = ms),
        onEpochEnd: async () => undefined,
        onMetrics: (point) => {
          const now = { counts: counter.snapshot(), encodeMs: timed.ms() };
          if (point.step - point.stepsInWindow >= warmupSteps) {
            measured.push({ counts: countsBetween(last.counts, now.counts), steps: point.stepsInWindow, stepMs: point.stepMs, encodeMs: (now.encodeMs - last.encodeMs) / point.stepsInWindow });
          }
          last = now;
        },
      },
      // A window as long as asked: the interval never cuts it short.
      { syncIntervalMs: Number.MAX_SAFE_INTEGER, maxStepsPerSync: windowSteps, runAhead: options.runAhead !== false },
    );
    await loop.run(warmupSteps + windows * windowSteps, warmupSteps);
  } finally {
    counter.uninstall();
  }
  if (measured.length === 0) throw new Error('No measured window: ask for more steps than warm-up steps.');
  // The first measured window's gap is the warm-up's end (never run ahead across): the gaps between measured windows only.
  const gaps = workload.windowGaps?.() ?? null;
  const between = gaps ? gaps.slice(gaps.length - (measured.length - 1)) : [];
  const steps = measured.reduce((sum, w) => sum + w.steps, 0);
  const total = (key: keyof GpuCallCounts) => measured.reduce((sum, w) => sum + w.counts[key], 0);
  const all = countsBetween(start, last.counts);
  return {
    perStep: { dispatches: total('dispatches') / steps, submits: total('submits') / steps, buffers: total('buffers') / steps, bindGroups: total('bindGroups') / steps, writes: total('writes') / steps },
    awaitsPerWindow: total('awaits') / measured.length,
    windowSteps: steps / measured.length,
    pipelines: all.pipelines,
    encodeMs: summarize(measured.map((w) => w.encodeMs)).median,
    stepMs: summarize(measured.map((w) => w.stepMs)).median,
    firstStepMs,
    gpuIdleMs: gaps ? (between.length > 0 ? summarize(between).median : NaN) : null,
  };
}
