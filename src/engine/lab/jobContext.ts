import { backendMessage, type BackendName } from '../../config/backends';
import { detailOf, msg, type Message } from '../../i18n/message';
import { isOutOfMemoryError } from '../bench/sweepScheduler';
import type { BackendStop, LabEvent, StopKind } from '../protocol/lab';
import type { CancelToken } from '../owner/cancelToken';
import type { EngineHost } from '../owner/host';
import type { GpuEngine, Lane } from '../../config/gpuEngines';
import { laneMessage } from '../../config/lanes';
import type { RunInfo } from '../protocol/training';
import { TimeBudgetExceeded } from './sweepBudget';

/** What every lab job gets: its host, its event sink and its cancel token. */
export interface LabJobContext {
  host: EngineHost;
  token: CancelToken;
  emit(event: LabEvent): void;
}

export function progress(ctx: LabJobContext, fraction: number, message: Message): void {
  ctx.emit({ type: 'progress', fraction: Math.min(1, Math.max(0, fraction)), message });
}

export function stopKind(err: unknown): StopKind {
  if (err instanceof TimeBudgetExceeded) return 'time-budget';
  return isOutOfMemoryError(err) ? 'out-of-memory' : 'error';
}

/** A race backend that failed: out of memory said as such, anything else with its message, named as `name` (the backend's label). */
export function raceStop(backend: BackendName, err: unknown, name: Message = backendMessage(backend)): BackendStop {
  const kind = stopKind(err);
  const values = { backend: name, detail: detailOf(err) };
  return { backend, value: null, kind, reason: msg(kind === 'out-of-memory' ? 'engine.lab.outOfMemory' : 'engine.lab.stopped', values) };
}

/** A lane of a race or parity check that failed, named as its lane ("WebGPU · the app's engine"), with its engine where it is the app's. */
export function laneStop(lane: Lane, err: unknown): BackendStop {
  const stop = raceStop(lane.backend, err, laneMessage(lane));
  return lane.engine === 'app' ? { ...stop, engine: 'app' } : stop;
}

/** What a row says of its engine: the app's, or TensorFlow.js's with the reason where the app's was asked for. */
export function engineOf(info: RunInfo): { engine: GpuEngine; engineNote?: Message } {
  return info.engineNote ? { engine: info.engine, engineNote: info.engineNote } : { engine: info.engine };
}

/** "WebGL: starting the backend…", said before each backend's (or lane's: "WebGPU · TensorFlow.js") part of a lab job. */
export function startingMessage(backend: BackendName, name: Message = backendMessage(backend)): Message {
  return msg('engine.progress.starting', { backend: name });
}
