import type { BackendAvailability } from '../config/backends';
import type { GpuEngine } from '../config/gpuEngines';
import { CHART_MAX_POINTS, LEAK_ALARM_CONSECUTIVE_GROWTHS } from '../config/tunables';
import { applyInspectEvent, NO_INSPECT_RESULTS, type InspectResults } from '../engine/protocol/inspect';
import type { JobEvent, JobOutcome } from '../engine/protocol/jobs';
import type { CheckpointInfo, EvalPoint, MetricsPoint, RunInfo, RunState, SampleGrid, SampleQuality, StepPeak, WeightHistograms } from '../engine/protocol/training';
import type { Message } from '../i18n/message';
import type { MemoryPlan } from '../metrics/memoryPlan';
import { LeakDetector } from '../metrics/leakDetector';
import { NO_PRIOR, type PriorCurves } from '../share/priorCurves';

/** A run asked for but waiting its turn for the device, then one that holds it. */
export type RunPhase = 'idle' | 'queued' | 'active' | 'ended';

/** Low-frequency facts about the run that React renders. */
export interface RunSnapshot {
  backends: BackendAvailability[] | null;
  phase: RunPhase;
  state: RunState;
  info: RunInfo | null;
  progress: { fraction: number; message: Message } | null;
  firstStepMs: number | null;
  latest: MetricsPoint | null;
  firstLoss: number | null;
  latestEval: EvalPoint | null;
  error: Message | null;
  warnings: Message[];
  quality: SampleQuality | null;
  /** Step of the latest sample grid, so views know when to redraw it. */
  samplesStep: number | null;
  /** What the run's model answered about itself: the confusion matrix at each epoch end, and looks inside it asked for. */
  inspect: InspectResults;
  /** The predicted memory of the run and the budget it was checked against (0: none). */
  memoryPlan: { plan: MemoryPlan; budgetMb: number } | null;
  /** The profiled peak of one step. */
  stepPeak: StepPeak | null;
  /** The latest checkpoint the run took in worker memory. */
  checkpoint: CheckpointInfo | null;
  /** Set when the GPU was lost: the checkpoint Resume continues from (null: none was taken yet). */
  deviceLost: { message: Message; resumeFrom: CheckpointInfo | null } | null;
  /** Set when a GPU error stopped the app's engine: the checkpoint to go on from (null: none was taken yet) and the engine to go on with. */
  gpuError: { message: Message; resumeFrom: CheckpointInfo | null; resumeOn: Extract<GpuEngine, 'tfjs'> } | null;
}

const INITIAL: RunSnapshot = {
  backends: null,
  phase: 'idle',
  state: 'idle',
  info: null,
  progress: null,
  firstStepMs: null,
  latest: null,
  firstLoss: null,
  latestEval: null,
  error: null,
  warnings: [],
  quality: null,
  samplesStep: null,
  inspect: NO_INSPECT_RESULTS,
  memoryPlan: null,
  stepPeak: null,
  checkpoint: null,
  deviceLost: null,
  gpuError: null,
};

/** Calls back once before the next paint: the page passes requestAnimationFrame, tests a fake. */
export type FrameScheduler = (callback: () => void) => void;

const nextFrame: FrameScheduler = (callback) => requestAnimationFrame(() => callback());

/**
 * Everything a training job reports lands here, outside React. Charts read the point buffers
 * directly; React reads the snapshot, which is republished at most once per animation frame.
 */
export class RunStore {
  readonly metrics: MetricsPoint[] = [];
  readonly evals: EvalPoint[] = [];
  /** Every weight tensor's histogram at each epoch end (and the run's last step): kept for the TensorBoard log, never drawn. */
  readonly histograms: WeightHistograms[] = [];
  /** When the run on screen was asked for (epoch ms): its TensorBoard log's wall-clock base. */
  startedAt = Date.now();
  /** The latest generated images, kept outside React and drawn straight onto a canvas. */
  samples: SampleGrid | null = null;
  private snapshot: RunSnapshot = INITIAL;
  private listeners = new Set<() => void>();
  private frameRequested = false;
  private leakDetector = new LeakDetector(LEAK_ALARM_CONSECUTIVE_GROWTHS);
  /** The curves of the saved run a continued run started from (its checkpoint's summary) by scalar name, drawn dimmed before the run's own points. */
  priorCurves: PriorCurves = NO_PRIOR;
  /** Bumped when a new run clears the buffers, so charts know to reset. */
  runId = 0;

  /**
   * headlineScalar: the per-step scalar shown as "first → now" (loss for a classifier).
   * schedule: how listeners are batched (once per animation frame on the page).
   */
  constructor(
    private readonly headlineScalar = 'loss',
    private readonly schedule: FrameScheduler = nextFrame,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RunSnapshot => this.snapshot;

  setBackends(backends: BackendAvailability[] | null): void {
    if (backends !== this.snapshot.backends) this.update({ backends });
  }

  /** Clears everything of the previous run: a new one has been asked for and waits for the device (`prior`: the curves it continues). */
  beginRun(prior: PriorCurves = NO_PRIOR): void {
    this.priorCurves = prior;
    this.metrics.length = 0;
    this.evals.length = 0;
    this.histograms.length = 0;
    this.startedAt = Date.now();
    this.samples = null;
    this.runId += 1;
    this.leakDetector = new LeakDetector(LEAK_ALARM_CONSECUTIVE_GROWTHS);
    this.update({ ...INITIAL, backends: this.snapshot.backends, phase: 'queued', firstLoss: prior[this.headlineScalar]?.[0]?.[1] ?? null });
  }

  /** Back to no run at all (presentation mode's reset): buffers cleared; a later event of the old run is ignored. */
  reset(): void {
    this.beginRun();
    this.update({ phase: 'idle' });
  }

  /**
   * A run continues from a checkpoint: its curves stay (points after the checkpoint are dropped
   * when the worker says it resumed), everything else starts over as for a new run.
   */
  beginResume(): void {
    this.update({ phase: 'queued', state: 'idle', error: null, deviceLost: null, gpuError: null, progress: null });
  }

  /** The device owner handed the run the device. */
  started(): void {
    this.update({ phase: 'active', state: 'loading' });
  }

  /** The device owner ended the run: a stop or cancel is not an error; a failure carries its message. */
  ended(outcome: JobOutcome): void {
    const settled: RunState[] = ['finished', 'stopped', 'error'];
    if (outcome.status === 'error') return this.update({ phase: 'ended', state: 'error', error: outcome.message, progress: null });
    const state = settled.includes(this.snapshot.state) ? this.snapshot.state : 'stopped';
    this.update({ phase: 'ended', state, progress: null });
  }

  handle(event: JobEvent): void {
    switch (event.type) {
      case 'state':
        return this.update({ state: event.state, progress: event.state === 'loading' ? this.snapshot.progress : null });
      case 'progress':
        return this.update({ progress: { fraction: event.fraction, message: event.message } });
      case 'runInfo':
        return this.update({ info: event.info });
      case 'firstStep':
        return this.update({ firstStepMs: event.ms });
      case 'metrics':
        return this.addMetrics(event.points);
      case 'eval':
        this.evals.push(event.point);
        return this.update({ latestEval: event.point });
      case 'warning':
        return this.update({ warnings: [...this.snapshot.warnings, event.message] });
      case 'samples':
        this.samples = event.samples;
        return this.update({ samplesStep: event.samples.step });
      case 'quality':
        return this.update({ quality: event.quality });
      case 'prediction':
      case 'confusion':
      case 'filters':
      case 'summary':
      case 'inspectFailed':
        return this.update({ inspect: applyInspectEvent(this.snapshot.inspect, event) });
      case 'memoryPlan':
        return this.update({ memoryPlan: { plan: event.plan, budgetMb: event.budgetMb } });
      case 'stepPeak':
        return this.update({ stepPeak: event.peak });
      case 'checkpoint':
        return this.update({ checkpoint: event.checkpoint });
      case 'resumed': {
        const keep = (step: number) => step <= event.from.step;
        const metrics = this.metrics.filter((p) => keep(p.step));
        this.metrics.splice(0, this.metrics.length, ...metrics);
        const evals = this.evals.filter((e) => keep(e.step));
        this.evals.splice(0, this.evals.length, ...evals);
        const histograms = this.histograms.filter((h) => keep(h.step));
        this.histograms.splice(0, this.histograms.length, ...histograms);
        return this.update({ checkpoint: event.from, latest: metrics.at(-1) ?? null });
      }
      case 'deviceLost':
        return this.update({ deviceLost: { message: event.message, resumeFrom: event.resumeFrom } });
      case 'gpuError':
        return this.update({ gpuError: { message: event.message, resumeFrom: event.resumeFrom, resumeOn: event.resumeOn } });
      case 'weightHistograms':
        this.histograms.push(event.histograms);
        return;
      // Lab and benchmark events never reach a training run.
      case 'raceRow':
      case 'sweepPoint':
      case 'backendStopped':
      case 'anatomy':
      case 'profile':
      case 'deviceReport':
      case 'parityCurve':
      case 'benchmark':
      case 'model':
      // The session hands a checkpoint file to the unfinished-run slot; it is no figure of the run.
      case 'checkpointFile':
        return;
      default:
        return event satisfies never;
    }
  }

  private addMetrics(points: MetricsPoint[]): void {
    for (const point of points) {
      this.metrics.push(point);
      if (this.metrics.length > CHART_MAX_POINTS) this.metrics.splice(0, this.metrics.length - CHART_MAX_POINTS);
      const leak = this.leakDetector.observe(point.numTensors, point.warmup);
      if (leak) this.snapshot = { ...this.snapshot, warnings: [...this.snapshot.warnings, leak] };
    }
    const latest = points[points.length - 1];
    this.update({ latest, firstLoss: this.snapshot.firstLoss ?? points[0].scalars[this.headlineScalar] ?? null });
  }

  private update(patch: Partial<RunSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    if (this.frameRequested) return;
    this.frameRequested = true;
    this.schedule(() => {
      this.frameRequested = false;
      for (const listener of this.listeners) listener();
    });
  }
}
