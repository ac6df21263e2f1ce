import { inspectTransferables } from '../protocol/inspect';
import type { OwnerEvent } from '../protocol/jobs';

/** Buffers an event can hand over instead of copying: generated sample pixels, images of a look inside a model, a run's checkpoint file. */
export function transferablesOf(event: OwnerEvent): Transferable[] {
  if (event.type !== 'job') return [];
  const e = event.event;
  if (e.type === 'samples') return [e.samples.pixels.buffer as ArrayBuffer];
  if (e.type === 'checkpointFile') return [e.file.bytes];
  if (e.type === 'prediction' || e.type === 'confusion' || e.type === 'filters' || e.type === 'summary' || e.type === 'inspectFailed') return inspectTransferables(e);
  return [];
}
