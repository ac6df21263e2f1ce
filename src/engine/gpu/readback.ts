/**
 * A small ring of read-back buffers: a step that ends a sync window copies its sums into the next
 * slot in the same command buffer, and the window is read with one mapAsync. Steps never wait.
 */
import { USAGE, type GpuArena } from './arena';

const SLOTS = 2;
/** GPUMapMode.READ, spelled out (Dawn's Node bindings only put GPUMapMode on globalThis when asked). */
const MAP_READ = 0x1;

export class ReadbackRing {
  private readonly slots: GPUBuffer[];
  private next = 0;
  private pending: GPUBuffer | null = null;

  constructor(
    arena: GpuArena,
    label: string,
    private readonly bytes: number,
  ) {
    this.slots = Array.from({ length: SLOTS }, (_, i) => arena.buffer('readback', `${label} read-back ${i}`, bytes, USAGE.readback));
  }

  /** Records the copy of `source` into the next slot; read() then maps it. */
  copy(encoder: GPUCommandEncoder, source: GPUBuffer): void {
    const slot = this.slots[this.next];
    this.next = (this.next + 1) % SLOTS;
    encoder.copyBufferToBuffer(source, 0, slot, 0, this.bytes);
    this.pending = slot;
  }

  /** The floats the last copy wrote, once the GPU has done the work before it: the window's one wait. */
  async read(): Promise<Float32Array> {
    const slot = this.pending;
    if (!slot) throw new Error('ReadbackRing.read() before any copy.');
    this.pending = null;
    await slot.mapAsync(MAP_READ);
    try {
      return new Float32Array(slot.getMappedRange(0, this.bytes).slice(0));
    } finally {
      slot.unmap();
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
