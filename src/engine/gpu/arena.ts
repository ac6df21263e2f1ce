/**
 * Every GPU buffer one plan owns, made once when the plan is built and counted by what it holds, so
 * the memory chart shows the plan's bytes exactly and the plan frees them all at once.
 */

/** What a buffer holds: the memory chart's parts (weights, optimizer, data) and the plan's own working memory. */
export type BufferKind = 'weights' | 'optimizer' | 'data' | 'activations' | 'gradients' | 'scratch' | 'readback';
export const BUFFER_KINDS: readonly BufferKind[] = ['weights', 'optimizer', 'data', 'activations', 'gradients', 'scratch', 'readback'];

const STORAGE = 0x0080; // GPUBufferUsage.STORAGE, spelled out: Node's Dawn bindings put the flags on globalThis only when asked.
const COPY_SRC = 0x0004;
const COPY_DST = 0x0008;
const MAP_READ = 0x0001;
const QUERY_RESOLVE = 0x0200;
/** Storage buffers are read in 4-byte words; WebGPU wants sizes that are multiples of 4. */
const WORD = 4;

export const USAGE = {
  /** A buffer kernels read and write, that can be cleared, copied from and written from the CPU. */
  storage: STORAGE | COPY_SRC | COPY_DST,
  /** A buffer the CPU maps to read what a step copied into it. */
  readback: MAP_READ | COPY_DST,
  /** Where GPU timestamps are resolved, to be copied on. */
  queryResolve: QUERY_RESOLVE | COPY_SRC,
} as const;

export class GpuArena {
  private readonly buffers: GPUBuffer[] = [];
  private readonly querySets: GPUQuerySet[] = [];
  private readonly bytes = new Map<BufferKind, number>();
  private destroyed = false;

  constructor(readonly device: GPUDevice) {}

  /** A new zero-filled buffer of at least `bytes` bytes (rounded up to whole words, never empty). */
  buffer(kind: BufferKind, label: string, bytes: number, usage: number = USAGE.storage): GPUBuffer {
    if (this.destroyed) throw new Error('GpuArena.buffer() called after destroy().');
    if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Buffer ${label}: ${bytes} bytes is not a size.`);
    const size = Math.max(WORD, Math.ceil(bytes / WORD) * WORD);
    const buffer = this.device.createBuffer({ label, size, usage });
    this.buffers.push(buffer);
    this.bytes.set(kind, (this.bytes.get(kind) ?? 0) + size);
    return buffer;
  }

  /** A set of `count` GPU timestamps (the device must have 'timestamp-query'), freed with the buffers. */
  timestamps(label: string, count: number): GPUQuerySet {
    if (this.destroyed) throw new Error('GpuArena.timestamps() called after destroy().');
    const set = this.device.createQuerySet({ label, type: 'timestamp', count });
    this.querySets.push(set);
    return set;
  }

  /** Bytes held, by kind (kinds with none are 0). */
  bytesByKind(): Record<BufferKind, number> {
    return Object.fromEntries(BUFFER_KINDS.map((kind) => [kind, this.bytes.get(kind) ?? 0])) as Record<BufferKind, number>;
  }

  get totalBytes(): number {
    let total = 0;
    for (const bytes of this.bytes.values()) total += bytes;
    return total;
  }

  get bufferCount(): number {
    return this.buffers.length;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const buffer of this.buffers) buffer.destroy();
    for (const set of this.querySets) set.destroy();
    this.buffers.length = 0;
    this.querySets.length = 0;
    this.bytes.clear();
  }
}
