/**
 * Times a kernel sequence on the device: with timestamp queries where the device has them (the GPU's own
 * clock around one compute pass of repeated runs), else by the wall clock around a submit of repeated runs
 * and its one wait. Each time is per run, after a first run that is not counted.
 */
import { replay, type Dispatch } from '../program';

const TIMESTAMP = 'timestamp-query';
/** A measurement shorter than this is repeated more: Chrome rounds timestamps to 100 µs. */
const MIN_MEASURED_MS = 2;
const MOST_RUNS = 64;
const QUERY_RESOLVE = 0x0200; // GPUBufferUsage.QUERY_RESOLVE
const COPY_SRC = 0x0004;
const COPY_DST = 0x0008;
const MAP_READ = 0x0001;

export class KernelTimer {
  private readonly query: { set: GPUQuerySet; resolve: GPUBuffer; read: GPUBuffer } | null;

  constructor(private readonly device: GPUDevice) {
    this.query = device.features.has(TIMESTAMP)
      ? {
          set: device.createQuerySet({ type: 'timestamp', count: 2 }),
          resolve: device.createBuffer({ size: 16, usage: QUERY_RESOLVE | COPY_SRC }),
          read: device.createBuffer({ size: 16, usage: MAP_READ | COPY_DST }),
        }
      : null;
  }

  /** Whether times come from the GPU's clock. */
  get onGpuClock(): boolean {
    return this.query !== null;
  }

  /** Milliseconds of one run, the first (what a probe of the adapter's speed costs). */
  timeOnce(dispatches: readonly Dispatch[]): Promise<number> {
    return this.measure(dispatches, 1);
  }

  /** Milliseconds per run of `dispatches`. */
  async time(dispatches: readonly Dispatch[]): Promise<number> {
    const once = await this.measure(dispatches, 1);
    const runs = Math.min(MOST_RUNS, Math.max(1, Math.ceil(MIN_MEASURED_MS / Math.max(once, 1e-3))));
    return (await this.measure(dispatches, runs)) / runs;
  }

  private async measure(dispatches: readonly Dispatch[], runs: number): Promise<number> {
    const encoder = this.device.createCommandEncoder({ label: 'tuning' });
    const q = this.query;
    const pass = encoder.beginComputePass(q ? { label: 'tuning', timestampWrites: { querySet: q.set, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } } : { label: 'tuning' });
    for (let r = 0; r < runs; r++) replay(pass, dispatches);
    pass.end();
    if (q) {
      encoder.resolveQuerySet(q.set, 0, 2, q.resolve, 0);
      encoder.copyBufferToBuffer(q.resolve, 0, q.read, 0, 16);
    }
    const start = performance.now();
    this.device.queue.submit([encoder.finish()]);
    if (!q) {
      await this.device.queue.onSubmittedWorkDone();
      return performance.now() - start;
    }
    await q.read.mapAsync(MAP_READ);
    const [begin, end] = new BigInt64Array(q.read.getMappedRange().slice(0));
    q.read.unmap();
    return Number(end - begin) / 1e6;
  }

  destroy(): void {
    this.query?.set.destroy();
    this.query?.resolve.destroy();
    this.query?.read.destroy();
  }
}
