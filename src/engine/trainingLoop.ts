import * as tf from '@tensorflow/tfjs';
import { METRICS_MAX_STEPS_PER_SYNC, METRICS_SYNC_INTERVAL_MS } from '../config/tunables';
import { DeviceLostError, watched, type LostProbe } from './deviceWatch';
import type { MetricsPoint, RunState, StepPart, StepPeak } from './protocol/training';
import { tfDeviceMemory } from './deviceMemory';
import type { TrainingWorkload, WindowAhead } from './workloads/types';
import type { Message } from '../i18n/message';

export interface LoopHooks {
  onState(state: RunState): void;
  onFirstStep(ms: number): void;
  onMetrics(point: MetricsPoint): void;
  /** Called after the last step of each epoch (1-based epoch number). */
  onEpochEnd(epoch: number, step: number): Promise<void>;
  /** Called after every sync window, for work paced by wall time (e.g. sample previews). */
  afterWindow?(step: number): Promise<void>;
  /** Given, the second step runs alone under tf.profile (kept out of the charts' measured steps) and its peak is reported. */
  onStepPeak?(peak: StepPeak): void;
  /** Steps until something due between windows (a checkpoint): no window runs past it. */
  stepsToNextTask?(stepsDone: number): number;
  /**
   * Whether something will read the model after the window that ends at `step`, about `withinMs` from now
   * (a GAN's sample preview): the loop then records no window ahead of that read. A no must hold: nothing
   * reads the model after that window.
   */
  readsModelAfter?(step: number, withinMs: number): boolean;
  /** Why the device is gone, or null while it works: checked before each window and while the loop or a hook waits on the device. */
  deviceLost?: LostProbe;
  /** What the workload says while it prepares its first step (the app's engine choosing its kernels). */
  onProgress?(fraction: number, message: Message): void;
  onNote?(message: Message): void;
}

export interface LoopOptions {
  syncIntervalMs: number;
  maxStepsPerSync: number;
  /** The app's engine records the next window before it reads this one, where the rules allow (default true). */
  runAhead?: boolean;
}

const DEFAULT_OPTIONS: LoopOptions = {
  syncIntervalMs: METRICS_SYNC_INTERVAL_MS,
  maxStepsPerSync: METRICS_MAX_STEPS_PER_SYNC,
};

type Control = 'run' | 'pause' | 'stop';


/** Lets queued worker messages (pause, stop) run between sync windows. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs a workload step by step. Steps are dispatched back to back and synced once per
 * window (about syncIntervalMs of work), so the GPU is not stalled by a read-back every step.
 * On the app's engine the next window is recorded before this one is read, where nothing reads the
 * model in between (windowAhead), so the GPU does not wait for the page between windows either.
 */
export class TrainingLoop {
  private control: Control = 'run';
  private singleStepsRequested: (StepPart | undefined)[] = [];
  private betweenSteps: (() => Promise<void>)[] = [];
  private wake: (() => void) | null = null;
  private stepsDone = 0;
  private windowsDone = 0;
  private peakProfiled = false;
  /** Milliseconds the workload took to prepare its first step, counted into the first window's time. */
  private prepareMs = 0;
  /** The window recorded ahead of the last read: the next one the loop reads and counts, whatever control came meanwhile. */
  private ahead: WindowAhead | null = null;
  /** When it was recorded, and when the last window's read ended (performance.now()): a window ahead counts from the later. */
  private aheadAt = 0;
  private lastReadEnd = 0;
  /** The latest window's time per step, ms: what a window ahead is expected to take. */
  private lastStepMs = 0;

  constructor(
    private readonly workload: TrainingWorkload,
    private readonly hooks: LoopHooks,
    private readonly options: LoopOptions = DEFAULT_OPTIONS,
  ) {}

  get steps(): number {
    return this.stepsDone;
  }

  pause(): void {
    if (this.control === 'run') this.control = 'pause';
  }

  resume(): void {
    if (this.control === 'stop') return;
    this.control = 'run';
    this.wakeUp();
  }

  /** One step (or one network's half of a GAN step), then stay paused. */
  stepOnce(part?: StepPart): void {
    if (this.control === 'stop') return;
    this.control = 'pause';
    this.singleStepsRequested.push(part);
    this.wakeUp();
  }

  /** Starts counting from `step` steps already done (a run continued from a checkpoint); call before run(). */
  startAt(step: number): void {
    if (!Number.isInteger(step) || step < 0) throw new RangeError(`A run cannot start at step ${step}.`);
    if (this.stepsDone !== 0) throw new Error('A loop can only be moved to a checkpoint before it runs.');
    this.stepsDone = step;
  }

  /**
   * Runs `task` between two steps, never beside one: after the window in flight (at once while
   * paused, and the loop stays paused). Dropped if the run ends first; the task must not throw.
   */
  betweenWindows(task: () => Promise<void>): void {
    if (this.control === 'stop') return;
    this.betweenSteps.push(task);
    this.wakeUp();
  }

  stop(): void {
    this.control = 'stop';
    this.wakeUp();
  }

  /** warmupSteps: no sync window straddles this step count, so warm-up and measured steps stay apart. */
  async run(totalSteps = this.workload.info.totalSteps, warmupSteps = 0): Promise<'finished' | 'stopped'> {
    const { stepsPerEpoch } = this.workload.info;
    let stepsPerWindow = 1;
    let announcedState: RunState | null = null;
    const announce = (state: RunState) => {
      if (state !== announcedState) this.hooks.onState(state);
      announcedState = state;
    };

    if (this.workload.prepare && this.windowsDone === 0) {
      const start = performance.now();
      await this.watch(this.workload.prepare({ progress: (f, m) => this.hooks.onProgress?.(f, m), note: (m) => this.hooks.onNote?.(m) }));
      this.prepareMs = performance.now() - start;
    }
    while (this.stepsDone < totalSteps) {
      // A window recorded ahead is read and counted first: a stop, pause, step or task then acts after it, so steps, checkpoints and positions stay exact.
      const ahead = this.ahead;
      if (!ahead) {
        if (this.control === 'stop') return 'stopped';
        for (let task = this.betweenSteps.shift(); task; task = this.betweenSteps.shift()) await this.watch(task());
        if (this.control === 'pause' && this.singleStepsRequested.length === 0) {
          announce('paused');
          // A listener of the announcement may already have stepped, resumed or queued a task: then no wait.
          if (this.control === 'pause' && this.singleStepsRequested.length === 0 && this.betweenSteps.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
          continue;
        }
        const lost = this.hooks.deviceLost?.();
        if (lost) throw new DeviceLostError(lost);
      }
      const single = !ahead && this.control === 'pause';
      const part = ahead ? ahead.part : single ? this.singleStepsRequested.shift() : undefined;
      if (!single) announce('training');

      // The first window of this loop, even of a continued run, pays for compilation and upload.
      const isFirst = this.windowsDone === 0;
      // The second window, not the first: the first one's time is the compile + upload figure, which profiling would inflate.
      const known = this.windowsDone === 1 && !this.peakProfiled ? (this.workload.knownStepPeak?.() ?? null) : null;
      if (known) {
        this.peakProfiled = true;
        this.hooks.onStepPeak?.({ step: this.stepsDone + 1, ...known });
      }
      const profiled = this.windowsDone === 1 && this.hooks.onStepPeak !== undefined && !this.peakProfiled;
      const toEpochEnd = stepsPerEpoch - (this.stepsDone % stepsPerEpoch);
      const toWarmupEnd = this.stepsDone < warmupSteps ? warmupSteps - this.stepsDone : Infinity;
      const toTask = this.hooks.stepsToNextTask?.(this.stepsDone) ?? Infinity;
      const alone = single || isFirst || profiled;
      const windowSteps = ahead ? ahead.steps : alone ? 1 : Math.min(stepsPerWindow, totalSteps - this.stepsDone, toEpochEnd, toWarmupEnd, toTask);
      const next = alone ? null : this.windowAhead(windowSteps, totalSteps, warmupSteps, stepsPerWindow);
      const window = profiled ? await this.runProfiledStep(part) : await this.runWindow(windowSteps, part, next);
      const { scalars } = window;
      // The first window pays for what preparing the first step cost too (compiling the engine's plan).
      const ms = window.ms + (isFirst ? this.prepareMs : 0);
      this.stepsDone += windowSteps;
      this.windowsDone += 1;

      if (isFirst) this.hooks.onFirstStep(ms);
      this.hooks.onMetrics(this.pointFor(windowSteps, ms, scalars, isFirst || profiled));
      const stepMs = ms / windowSteps;
      this.lastStepMs = stepMs;
      stepsPerWindow = Math.max(1, Math.min(this.options.maxStepsPerSync, Math.round(this.options.syncIntervalMs / stepMs)));

      if (this.stepsDone % stepsPerEpoch === 0) {
        await this.watch(this.hooks.onEpochEnd(this.stepsDone / stepsPerEpoch, this.stepsDone));
      }
      if (this.hooks.afterWindow) await this.watch(this.hooks.afterWindow(this.stepsDone));
      await yieldToEventLoop();
    }
    return 'finished';
  }

  /**
   * The window that may be recorded ahead of this one's read, or null. Never across the run's end, an
   * epoch's end (evaluation, checkpoint), the warm-up's end, a checkpoint due, a read of the model
   * (readsModelAfter), a pending task or a pause, step or stop; never after a window that runs alone.
   */
  private windowAhead(windowSteps: number, totalSteps: number, warmupSteps: number, stepsPerWindow: number): WindowAhead | null {
    const { hooks, workload } = this;
    if (!workload.runSteps || this.options.runAhead === false) return null;
    if (this.control !== 'run' || this.singleStepsRequested.length > 0 || this.betweenSteps.length > 0) return null;
    const { stepsPerEpoch } = workload.info;
    const after = this.stepsDone + windowSteps;
    if (after >= totalSteps || after % stepsPerEpoch === 0) return null;
    if (this.stepsDone < warmupSteps && after >= warmupSteps) return null;
    if (windowSteps >= (hooks.stepsToNextTask?.(this.stepsDone) ?? Infinity)) return null;
    if (hooks.readsModelAfter?.(after, windowSteps * this.lastStepMs)) return null;
    const toWarmupEnd = after < warmupSteps ? warmupSteps - after : Infinity;
    const steps = Math.min(stepsPerWindow, totalSteps - after, stepsPerEpoch - (after % stepsPerEpoch), toWarmupEnd, hooks.stepsToNextTask?.(after) ?? Infinity);
    return { steps };
  }

  /**
   * Dispatches windowSteps steps (unless they were recorded ahead), and `next`'s when given, then one
   * read-back of this window's scalars: the only sync. A window recorded ahead counts from when the GPU
   * could start it: its recording, or the read before it, whichever came later.
   */
  private async runWindow(windowSteps: number, part?: StepPart, next: WindowAhead | null = null): Promise<{ ms: number; scalars: Record<string, number> }> {
    const called = performance.now();
    const start = this.ahead ? Math.max(this.aheadAt, this.lastReadEnd) : called;
    this.ahead = null;
    if (this.workload.runSteps) {
      const scalars = await this.watch(this.workload.runSteps(windowSteps, part, next ?? undefined));
      if (next) {
        this.ahead = next;
        this.aheadAt = called;
      }
      this.lastReadEnd = performance.now();
      return { ms: this.lastReadEnd - start, scalars };
    }
    const perStep: Record<string, tf.Scalar>[] = [];
    for (let i = 0; i < windowSteps; i++) perStep.push(this.workload.step(part));
    const names = Object.keys(perStep[0]);
    const means = tf.tidy(() => tf.stack(names.map((n) => tf.mean(tf.stack(perStep.map((s) => s[n]))))));
    let values: tf.TypedArray;
    try {
      values = await this.watch(means.data() as Promise<tf.TypedArray>);
    } finally {
      means.dispose();
    }
    const ms = performance.now() - start;
    for (const s of perStep) for (const t of Object.values(s)) t.dispose();
    const scalars: Record<string, number> = {};
    names.forEach((n, i) => (scalars[n] = values[i]));
    return { ms, scalars };
  }

  /** Waits on the device (a read-back, a hook's evaluation, checkpoint or samples) while watching it for loss. */
  private watch<T>(wait: Promise<T>): Promise<T> {
    return watched(wait, this.hooks.deviceLost);
  }

  /** One step under tf.profile: its highest live bytes against those before it (activations and temporaries). */
  private async runProfiledStep(part?: StepPart): Promise<{ ms: number; scalars: Record<string, number> }> {
    this.peakProfiled = true;
    const liveBytes = tf.memory().numBytes;
    let window: { ms: number; scalars: Record<string, number> } | null = null;
    const info = await tf.profile(async () => {
      window = await this.runWindow(1, part);
    });
    const done = window as { ms: number; scalars: Record<string, number> } | null;
    if (!done) throw new Error('The profiled step did not run.');
    this.hooks.onStepPeak?.({ step: this.stepsDone + 1, liveBytes, peakBytes: info.peakBytes });
    return done;
  }

  private pointFor(windowSteps: number, ms: number, scalars: Record<string, number>, warmup: boolean): MetricsPoint {
    const device = this.workload.deviceMemory?.() ?? tfDeviceMemory();
    const stepMs = ms / windowSteps;
    const { stepsPerEpoch } = this.workload.info;
    return {
      step: this.stepsDone,
      epoch: Math.floor((this.stepsDone - 1) / stepsPerEpoch) + 1,
      stepsInWindow: windowSteps,
      scalars,
      warmup,
      stepMs,
      examplesPerSec: (this.workload.examplesPerStep * 1000) / stepMs,
      gflops: this.workload.flopsPerStep / (stepMs * 1e6),
      bytes: device.bytes,
      gpuBytes: device.gpuBytes,
      numTensors: device.numTensors,
      ...(this.workload.takeDataWaitMs ? { dataWaitMs: this.workload.takeDataWaitMs() / windowSteps } : {}),
      ...(this.workload.memorySplit ? { memory: this.workload.memorySplit() } : {}),
    };
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
