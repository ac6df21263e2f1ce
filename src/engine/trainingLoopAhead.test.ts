import { describe, expect, it } from 'vitest';
import type { MetricsPoint, RunInfo, RunState, StepPart } from './protocol/training';
import { TrainingLoop, type LoopHooks } from './trainingLoop';
import type { TrainingWorkload, WindowAhead } from './workloads/types';

/**
 * An engine-like workload (runSteps, as the app's WebGPU engine has it) that keeps what a GPU would: the
 * steps recorded, and the windows recorded but not yet read. Its "loss" is the step number, so every
 * window's mean says which steps it read.
 */
class RecordingEngine implements TrainingWorkload {
  readonly examplesPerStep = 10;
  readonly flopsPerStep = 1e6;
  readonly info: RunInfo;
  /** Steps recorded (submitted) so far. */
  recorded = 0;
  /** Windows recorded and not read yet: their first and last step. */
  private readonly unread: { first: number; last: number }[] = [];
  /** Every runSteps call: its window and the window it recorded ahead (0: none). */
  readonly calls: { steps: number; ahead: number }[] = [];

  constructor(stepsPerEpoch: number, epochs: number) {
    this.info = { backend: 'webgpu', engine: 'app', modelLabel: 'counter', params: 0, forwardFlopsPerExample: 0, trainFlopsPerExample: 0, stepsPerEpoch, totalSteps: stepsPerEpoch * epochs, flags: {} };
  }

  step(): never {
    throw new Error('The engine runs its steps through runSteps.');
  }

  async runSteps(count: number, _part?: StepPart, next?: WindowAhead): Promise<Record<string, number>> {
    if (this.unread.length === 0) this.record(count);
    const window = this.unread[0];
    if (window.last - window.first + 1 !== count) throw new Error(`read ${count} steps of a window of ${window.last - window.first + 1}`);
    if (next) this.record(next.steps);
    this.calls.push({ steps: count, ahead: next?.steps ?? 0 });
    // The read's wait: controls and tasks may come in meanwhile, as from the page.
    await new Promise((resolve) => setTimeout(resolve, 1));
    this.unread.shift();
    return { loss: (window.first + window.last) / 2 };
  }

  /** Steps recorded beyond those the loop has counted. */
  inFlightBeyond(counted: number): number {
    return this.recorded - counted;
  }

  dispose(): void {}

  private record(steps: number): void {
    this.unread.push({ first: this.recorded + 1, last: this.recorded + steps });
    this.recorded += steps;
  }
}

const WINDOWS = { syncIntervalMs: 1e9, maxStepsPerSync: 4 };

function hooks(points: MetricsPoint[], more: Partial<LoopHooks> = {}): LoopHooks {
  return { onState: () => undefined, onFirstStep: () => undefined, onMetrics: (p) => points.push(p), onEpochEnd: async () => undefined, ...more };
}

/** Each window's mean loss is the mean of its own step numbers: every step read once, in order. */
function expectWindowsInOrder(points: MetricsPoint[], total: number): void {
  let done = 0;
  for (const p of points) {
    expect(p.step).toBe(done + p.stepsInWindow);
    expect(p.scalars.loss).toBe(done + (p.stepsInWindow + 1) / 2);
    done = p.step;
  }
  expect(done).toBe(total);
}

describe("the training loop's windows recorded ahead (the app's engine)", () => {
  it('records the next window before it reads this one, reads every window once and in order, and counts exactly', async () => {
    const points: MetricsPoint[] = [];
    const engine = new RecordingEngine(1000, 1);
    const loop = new TrainingLoop(engine, hooks(points), WINDOWS);
    expect(await loop.run(30)).toBe('finished');
    expectWindowsInOrder(points, 30);
    expect(engine.recorded).toBe(30);
    // The first window runs alone (it pays for the compile); from the second on, each records the next before its read.
    expect(engine.calls.slice(0, 2)).toEqual([{ steps: 1, ahead: 0 }, { steps: 4, ahead: 4 }]);
    expect(engine.calls.filter((c) => c.ahead > 0).length).toBeGreaterThanOrEqual(5);
    // The last window is never followed by one past the run's end.
    expect(engine.calls.at(-1)?.ahead).toBe(0);
  });

  it('records nothing ahead across an epoch end, a checkpoint due, the warm-up end or a read of the model', async () => {
    const points: MetricsPoint[] = [];
    const engine = new RecordingEngine(10, 3);
    const seen: string[] = [];
    const loop: TrainingLoop = new TrainingLoop(
      engine,
      hooks(points, {
        onMetrics: (p) => {
          points.push(p);
          if (p.step === 6) seen.push(`warm-up end at ${p.step}: ${engine.inFlightBeyond(p.step)} ahead`);
        },
        onEpochEnd: async (epoch, step) => void seen.push(`epoch ${epoch} at ${step}: ${engine.inFlightBeyond(step)} ahead`),
        // A checkpoint every 7 steps, and a preview wanted after step 25.
        stepsToNextTask: (done) => 7 - (done % 7),
        readsModelAfter: (step) => step === 25,
        afterWindow: async (step) => {
          if (step % 7 === 0 || step === 25) seen.push(`read at ${step}: ${engine.inFlightBeyond(step)} ahead`);
        },
      }),
      WINDOWS,
    );
    expect(await loop.run(30, 6)).toBe('finished');
    expectWindowsInOrder(points, 30);
    expect(seen).toEqual([
      'warm-up end at 6: 0 ahead',
      'read at 7: 0 ahead',
      'epoch 1 at 10: 0 ahead',
      'read at 14: 0 ahead',
      'epoch 2 at 20: 0 ahead',
      'read at 21: 0 ahead',
      'read at 25: 0 ahead',
      'read at 28: 0 ahead',
      'epoch 3 at 30: 0 ahead',
    ]);
    // And it did record ahead elsewhere: the rules cut windows, not the overlap.
    expect(engine.calls.some((c) => c.ahead > 0)).toBe(true);
  });

  it('reads and counts a window recorded ahead before a stop ends the run', async () => {
    const points: MetricsPoint[] = [];
    const engine = new RecordingEngine(1000, 1);
    let stoppedWithAhead = -1;
    const loop: TrainingLoop = new TrainingLoop(
      engine,
      hooks(points, {
        onMetrics: (p) => {
          points.push(p);
          if (stoppedWithAhead < 0 && engine.inFlightBeyond(p.step) > 0) {
            stoppedWithAhead = engine.inFlightBeyond(p.step);
            loop.stop();
          }
        },
      }),
      WINDOWS,
    );
    expect(await loop.run(100)).toBe('stopped');
    expect(stoppedWithAhead).toBeGreaterThan(0);
    expect(loop.steps).toBe(engine.recorded);
    expectWindowsInOrder(points, engine.recorded);
  });

  it('reads and counts a window recorded ahead before it pauses, single-steps or runs a task, and records nothing ahead of them', async () => {
    const points: MetricsPoint[] = [];
    const states: RunState[] = [];
    const engine = new RecordingEngine(1000, 1);
    const atTask: number[] = [];
    let paused = false;
    const loop: TrainingLoop = new TrainingLoop(
      engine,
      hooks(points, {
        onState: (s) => states.push(s),
        onMetrics: (p) => {
          points.push(p);
          if (!paused && engine.inFlightBeyond(p.step) > 0) {
            paused = true;
            loop.pause();
            loop.betweenWindows(async () => void atTask.push(engine.inFlightBeyond(loop.steps)));
          }
        },
      }),
      WINDOWS,
    );
    const run = loop.run(60);
    await until(() => states.at(-1) === 'paused');
    // Paused with the window ahead read and counted, and the task run between two windows with nothing in flight.
    expect(engine.inFlightBeyond(loop.steps)).toBe(0);
    expect(atTask).toEqual([0]);
    const pausedAt = loop.steps;
    loop.stepOnce();
    await until(() => loop.steps === pausedAt + 1);
    expect(engine.recorded).toBe(pausedAt + 1);
    expect(engine.calls.at(-1)).toEqual({ steps: 1, ahead: 0 });
    loop.resume();
    expect(await run).toBe('finished');
    expectWindowsInOrder(points, 60);
  });

  it('records nothing ahead when asked not to (runAhead: false)', async () => {
    const engine = new RecordingEngine(1000, 1);
    await new TrainingLoop(engine, hooks([]), { ...WINDOWS, runAhead: false }).run(20);
    expect(engine.calls.every((c) => c.ahead === 0)).toBe(true);
  });
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  if (!done()) throw new Error('never happened');
}
