/**
 * The sync windows of a plan's steps. A window opens at its first step, whose error scopes are pushed
 * before any of its GPU calls, and closes at its last, which copies the window's sums (and clock) into
 * the read-back ring; its scopes are popped right after that submit, and their errors are awaited with
 * the window's read. Windows are read once each, in order; the next one may be recorded before this one
 * is read (up to the ring's slots), so the GPU goes on between windows.
 */
import { ENGINE_WINDOW_GAPS_KEPT } from '../../config/tunables';
import type { GpuArena } from './arena';
import { injectArmedFault } from './debugFault';
import type { GpuErrorWatch } from './errorWatch';
import { ReadbackRing } from './readback';

const NS_PER_MS = 1e6;

interface InFlight {
  steps: number;
  errors: Promise<Error | null>;
}

export class StepWindows {
  private readonly ring: ReadbackRing;
  /** The open window's scopes, to pop at its end; null between windows. */
  private popScopes: (() => Promise<Error | null>) | null = null;
  private stepsInWindow = 0;
  private readonly inFlight: InFlight[] = [];
  private lastEndNs: bigint | null = null;
  private readonly gaps: number[] = [];

  constructor(
    private readonly device: GPUDevice,
    arena: GpuArena,
    label: string,
    sumsBytes: number,
    private readonly watch: GpuErrorWatch,
  ) {
    this.ring = new ReadbackRing(arena, label, sumsBytes);
  }

  /** Call before a step's first GPU call (its uploads included): true when it opens a window (its sums are cleared then). */
  beginStep(): boolean {
    const opens = this.popScopes === null;
    if (opens) {
      this.popScopes = this.watch.scope();
      this.stepsInWindow = 0;
    }
    this.stepsInWindow += 1;
    return opens;
  }

  /** The clock writes of one of the step's compute passes: the window's start on its first pass, its end on its last. */
  passTimestamps(firstPassOfStep: boolean, lastPassOfStep: boolean, windowEnd: boolean): { timestampWrites?: GPUComputePassTimestampWrites } {
    const writes = this.ring.timestampWrites(firstPassOfStep && this.stepsInWindow === 1, lastPassOfStep && windowEnd);
    return writes ? { timestampWrites: writes } : {};
  }

  /** Submits the step's commands; at the window's end, with the copy of `sums` into the ring, and then pops its scopes. */
  submit(encoder: GPUCommandEncoder, windowEnd: boolean, sums: GPUBuffer): void {
    if (windowEnd) {
      injectArmedFault(this.device, encoder);
      this.ring.copy(encoder, sums);
    }
    this.device.queue.submit([encoder.finish()]);
    if (!windowEnd) return;
    const pop = this.popScopes;
    if (!pop) throw new Error('A window ended that never began.');
    this.popScopes = null;
    this.inFlight.push({ steps: this.stepsInWindow, errors: pop() });
  }

  /** A step threw before its submit: its window's scopes are popped (their errors dropped: the step's own error ends the run). */
  abandon(): void {
    const pop = this.popScopes;
    this.popScopes = null;
    if (pop) void pop();
  }

  /** Windows recorded and not yet read. */
  get windowsInFlight(): number {
    return this.inFlight.length;
  }

  /**
   * The oldest window's sums, once the GPU has done it. Throws the window's GPU error (naming the plan's
   * kernel its text quotes), the device's loss where a failed read was that, or an error no scope caught.
   */
  async read(steps: number): Promise<Float32Array> {
    const window = this.inFlight.shift();
    if (!window) throw new Error('A window was read before any was recorded.');
    if (window.steps !== steps) throw new Error(`A window of ${window.steps} steps was read as one of ${steps}.`);
    const [mapped, scoped] = await Promise.allSettled([this.ring.read(), window.errors]);
    // A window the GPU refused left its slot as it was: its error, not its stale sums.
    if (scoped.status === 'fulfilled' && scoped.value) throw scoped.value;
    if (mapped.status === 'rejected') throw await this.watch.failedWait(mapped.reason);
    this.watch.throwUncaught();
    this.timeGap(mapped.value.clockNs);
    return mapped.value.sums;
  }

  /** The GPU's idle time before each window read since the first, ms (the latest ENGINE_WINDOW_GAPS_KEPT); null without timestamps. */
  windowGaps(): number[] | null {
    return this.ring.timed ? [...this.gaps] : null;
  }

  private timeGap(clock: { start: bigint; end: bigint } | null): void {
    if (!clock) return;
    if (this.lastEndNs !== null) {
      this.gaps.push(Number(clock.start - this.lastEndNs) / NS_PER_MS);
      if (this.gaps.length > ENGINE_WINDOW_GAPS_KEPT) this.gaps.shift();
    }
    this.lastEndNs = clock.end;
  }
}
