import type { OwnerEvent } from '../protocol/jobs';

/** Buffers an event can hand over instead of copying: generated sample pixels. */
export function transferablesOf(event: OwnerEvent): Transferable[] {
  return event.type === 'job' && event.event.type === 'samples' ? [event.event.samples.pixels.buffer as ArrayBuffer] : [];
}
