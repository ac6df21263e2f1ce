/**
 * Notices a device worker whose thread is stuck while it starts, or starts a backend: the page pings it every
 * WORKER_PING_MS and, after WORKER_STALL_MS without a word from it, calls it stalled. Firefox can leave a thread
 * waiting forever inside `new Worker()` (seen with a WebDriver BiDi session open: the worker never runs, or its
 * nested workers never start); the thread that waits answers nothing, so a ping finds it out. Outside those two
 * stretches nothing is watched: a training step may hold the thread for seconds by design.
 */
import type { BackendName } from '../../config/backends';
import { WORKER_PING_MS, WORKER_STALL_MS } from '../../config/tunables';

/** What was starting when the worker went silent: the worker itself, or a backend in it. */
export type StartPhase = { kind: 'worker' } | { kind: 'backend'; backend: BackendName };

export interface Clock {
  now(): number;
  /** Calls `tick` every `ms`; returns how to stop. */
  every(ms: number, tick: () => void): () => void;
}

export const realClock: Clock = {
  now: () => performance.now(),
  every: (ms, tick) => {
    const handle = setInterval(tick, ms);
    return () => clearInterval(handle);
  },
};

export class StartWatch {
  private phase: StartPhase | null = null;
  private lastHeard = 0;
  private stopTicking: (() => void) | null = null;

  constructor(
    private readonly ping: () => void,
    private readonly onStall: (phase: StartPhase) => void,
    private readonly clock: Clock = realClock,
  ) {}

  /** Starts watching (or goes on watching, under this phase): the worker has WORKER_STALL_MS from now to say something. */
  begin(phase: StartPhase): void {
    this.phase = phase;
    this.lastHeard = this.clock.now();
    this.stopTicking ??= this.clock.every(WORKER_PING_MS, () => this.tick());
  }

  /** Any message from the worker: its thread ran. */
  heard(): void {
    this.lastHeard = this.clock.now();
  }

  watching(): StartPhase | null {
    return this.phase;
  }

  end(): void {
    this.phase = null;
    this.stopTicking?.();
    this.stopTicking = null;
  }

  private tick(): void {
    const phase = this.phase;
    if (!phase) return this.end();
    if (this.clock.now() - this.lastHeard < WORKER_STALL_MS) return this.ping();
    this.end();
    this.onStall(phase);
  }
}
