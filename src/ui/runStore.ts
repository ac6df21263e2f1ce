import type { BackendAvailability } from '../config/backends';
import { CHART_MAX_POINTS, LEAK_ALARM_CONSECUTIVE_GROWTHS } from '../config/tunables';
import type { EvalPoint, MetricsPoint, RunInfo, RunState, SampleGrid, SampleQuality, WorkerEvent } from '../engine/protocol';
import { LeakDetector } from '../metrics/leakDetector';

/** Low-frequency facts about the run that React renders. */
export interface RunSnapshot {
  backends: BackendAvailability[] | null;
  state: RunState;
  info: RunInfo | null;
  progress: { fraction: number; message: string } | null;
  firstStepMs: number | null;
  latest: MetricsPoint | null;
  firstLoss: number | null;
  latestEval: EvalPoint | null;
  error: string | null;
  warnings: string[];
  quality: SampleQuality | null;
  /** Step of the latest sample grid, so views know when to redraw it. */
  samplesStep: number | null;
}

const INITIAL: RunSnapshot = {
  backends: null,
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
};

/**
 * Everything the worker reports lands here, outside React. Charts read the point buffers
 * directly; React reads the snapshot, which is republished at most once per animation frame.
 */
export class RunStore {
  readonly metrics: MetricsPoint[] = [];
  readonly evals: EvalPoint[] = [];
  /** The latest generated images, kept outside React and drawn straight onto a canvas. */
  samples: SampleGrid | null = null;
  private snapshot: RunSnapshot = INITIAL;
  private listeners = new Set<() => void>();
  private frameRequested = false;
  private leakDetector = new LeakDetector(LEAK_ALARM_CONSECUTIVE_GROWTHS);
  /** Bumped when a new run clears the buffers, so charts know to reset. */
  runId = 0;

  /** headlineScalar: the per-step scalar shown as "first → now" (loss for a classifier). */
  constructor(private readonly headlineScalar = 'loss') {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RunSnapshot => this.snapshot;

  /** Clears everything of the previous run. */
  beginRun(): void {
    this.metrics.length = 0;
    this.evals.length = 0;
    this.samples = null;
    this.runId += 1;
    this.leakDetector = new LeakDetector(LEAK_ALARM_CONSECUTIVE_GROWTHS);
    this.update({ info: null, progress: null, firstStepMs: null, latest: null, firstLoss: null, latestEval: null, error: null, warnings: [], quality: null, samplesStep: null });
  }

  /** Shows an error that did not come from the worker (e.g. the worker itself died). */
  fail(message: string): void {
    this.update({ error: message, state: 'error' });
  }

  handle(event: WorkerEvent): void {
    switch (event.type) {
      case 'backends':
        return this.update({ backends: event.backends });
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
      case 'error':
        return this.update({ error: event.message });
      case 'samples':
        this.samples = event.samples;
        return this.update({ samplesStep: event.samples.step });
      case 'quality':
        return this.update({ quality: event.quality });
      case 'benchmark':
        return;
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
    requestAnimationFrame(() => {
      this.frameRequested = false;
      for (const listener of this.listeners) listener();
    });
  }
}
