/**
 * A ring of read-back buffers, a slot for each window of steps in flight: the step that ends a window
 * copies its sums into the next slot in the same command buffer (and, where the device has
 * 'timestamp-query', the GPU clock at the start of the window's first pass and the end of its last), and
 * the window is read with one mapAsync. Windows are read in the order they were recorded, and the next
 * one can be recorded while this one is read: steps never wait, and the GPU need not wait between windows.
 */
import { ENGINE_WINDOWS_IN_FLIGHT } from '../../config/tunables';
import { USAGE, type GpuArena } from './arena';

/** GPUMapMode.READ, spelled out (Dawn's Node bindings only put GPUMapMode on globalThis when asked). */
const MAP_READ = 0x1;
/** A GPU timestamp: a 64-bit count of nanoseconds. */
const TIMESTAMP_BYTES = 8;
/** resolveQuerySet writes at offsets that are multiples of this. */
const QUERY_RESOLVE_ALIGNMENT = 256;

/** A window as read back: its sums, and its start and end on the GPU's clock (ns; null without timestamps). */
export interface WindowRead {
  sums: Float32Array;
  clockNs: { start: bigint; end: bigint } | null;
}

export class ReadbackRing {
  private readonly slots: GPUBuffer[];
  private readonly clock: { set: GPUQuerySet; resolve: GPUBuffer } | null;
  /** Where a slot holds the window's two timestamps, bytes (after its sums, 8-byte aligned). */
  private readonly clockAt: number;
  private next = 0;
  /** Slots copied into and not yet read, oldest first. */
  private readonly pending: number[] = [];
  /** Slots being mapped: none may be copied into until it is unmapped. */
  private readonly mapping = new Set<number>();

  constructor(
    arena: GpuArena,
    label: string,
    private readonly bytes: number,
    slots: number = ENGINE_WINDOWS_IN_FLIGHT,
  ) {
    const timed = arena.device.features.has('timestamp-query');
    this.clockAt = Math.ceil(bytes / TIMESTAMP_BYTES) * TIMESTAMP_BYTES;
    const slotBytes = timed ? this.clockAt + 2 * TIMESTAMP_BYTES : bytes;
    this.slots = Array.from({ length: slots }, (_, i) => arena.buffer('readback', `${label} read-back ${i}`, slotBytes, USAGE.readback));
    this.clock = timed
      ? { set: arena.timestamps(`${label} window clock`, 2 * slots), resolve: arena.buffer('readback', `${label} window clock`, QUERY_RESOLVE_ALIGNMENT * slots, USAGE.queryResolve) }
      : null;
  }

  /** Whether windows are timed on the GPU's clock (the device has 'timestamp-query'). */
  get timed(): boolean {
    return this.clock !== null;
  }

  /** Windows copied and not yet read. */
  get inFlight(): number {
    return this.pending.length;
  }

  /** Where a pass of the window being recorded writes the clock: the window's start on its first pass, its end on its last (undefined: neither, or no timestamps). */
  timestampWrites(windowStart: boolean, windowEnd: boolean): GPUComputePassTimestampWrites | undefined {
    if (!this.clock || (!windowStart && !windowEnd)) return undefined;
    const first = 2 * this.next;
    return { querySet: this.clock.set, ...(windowStart ? { beginningOfPassWriteIndex: first } : {}), ...(windowEnd ? { endOfPassWriteIndex: first + 1 } : {}) };
  }

  /** Records the copy of `source` (and the window's clock) into the next slot; read() then maps it. */
  copy(encoder: GPUCommandEncoder, source: GPUBuffer): void {
    const index = this.next;
    if (this.pending.includes(index) || this.mapping.has(index)) throw new Error(`More windows in flight than the ${this.slots.length} read-back slots.`);
    const slot = this.slots[index];
    encoder.copyBufferToBuffer(source, 0, slot, 0, this.bytes);
    if (this.clock) {
      encoder.resolveQuerySet(this.clock.set, 2 * index, 2, this.clock.resolve, index * QUERY_RESOLVE_ALIGNMENT);
      encoder.copyBufferToBuffer(this.clock.resolve, index * QUERY_RESOLVE_ALIGNMENT, slot, this.clockAt, 2 * TIMESTAMP_BYTES);
    }
    this.pending.push(index);
    this.next = (index + 1) % this.slots.length;
  }

  /** The oldest window not yet read, once the GPU has done the work before its copy: that window's one wait. */
  async read(): Promise<WindowRead> {
    const index = this.pending.shift();
    if (index === undefined) throw new Error('ReadbackRing.read() before any copy.');
    const slot = this.slots[index];
    this.mapping.add(index);
    try {
      await slot.mapAsync(MAP_READ);
      try {
        const range = slot.getMappedRange();
        const sums = new Float32Array(range.slice(0, this.bytes));
        if (!this.clock) return { sums, clockNs: null };
        const [start, end] = new BigUint64Array(range.slice(this.clockAt, this.clockAt + 2 * TIMESTAMP_BYTES));
        return { sums, clockNs: { start, end } };
      } finally {
        slot.unmap();
      }
    } finally {
      this.mapping.delete(index);
    }
  }
}

/** Copies `regions` of GPU buffers back to the CPU in one submit and one wait (checkpoints, not steps). */
export async function readBuffers(device: GPUDevice, regions: readonly { buffer: GPUBuffer; bytes: number }[]): Promise<Float32Array[]> {
  const total = regions.reduce((sum, r) => sum + r.bytes, 0);
  const staging = device.createBuffer({ label: 'state read-back', size: Math.max(4, total), usage: USAGE.readback });
  try {
    const encoder = device.createCommandEncoder({ label: 'state read-back' });
    let offset = 0;
    for (const r of regions) {
      if (r.bytes > 0) encoder.copyBufferToBuffer(r.buffer, 0, staging, offset, r.bytes);
      offset += r.bytes;
    }
    device.queue.submit([encoder.finish()]);
    await staging.mapAsync(MAP_READ);
    const all = staging.getMappedRange().slice(0);
    let at = 0;
    return regions.map((r) => {
      const values = new Float32Array(all, at, r.bytes / 4);
      at += r.bytes;
      return values;
    });
  } finally {
    staging.destroy();
  }
}
