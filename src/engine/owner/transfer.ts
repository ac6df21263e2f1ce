import { inspectTransferables } from '../protocol/inspect';
import type { OwnerEvent } from '../protocol/jobs';

/** Buffers an event can hand over instead of copying: generated sample pixels, images of a look inside a model, a run's checkpoint file, an export's data set file. */
export function transferablesOf(event: OwnerEvent): Transferable[] {
  if (event.type !== 'job') return [];
  const e = event.event;
  if (e.type === 'samples') return [e.samples.pixels.buffer as ArrayBuffer];
  if (e.type === 'checkpointFile') return [e.file.bytes];
  // dataset.npz of an export is made for this event alone (ownDatasetNpz), so its whole buffer can go.
  if (e.type === 'model' && e.result.kind === 'export' && e.result.run.dataset) return [e.result.run.dataset.file.buffer as ArrayBuffer];
  if (e.type === 'prediction' || e.type === 'confusion' || e.type === 'filters' || e.type === 'summary' || e.type === 'inspectFailed') return inspectTransferables(e);
  return [];
}
