import { backendMessage, type BackendName } from '../../config/backends';
import { detailOf, msg, type Message } from '../../i18n/message';
import { isOutOfMemoryError } from '../bench/sweepScheduler';
import type { BackendStop, LabEvent, StopKind } from '../protocol/lab';
import type { CancelToken } from '../owner/cancelToken';
import type { EngineHost } from '../owner/host';
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

/** A race backend that failed: out of memory said as such, anything else with its message. */
export function raceStop(backend: BackendName, err: unknown): BackendStop {
  const kind = stopKind(err);
  const values = { backend: backendMessage(backend), detail: detailOf(err) };
  return { backend, value: null, kind, reason: msg(kind === 'out-of-memory' ? 'engine.lab.outOfMemory' : 'engine.lab.stopped', values) };
}

/** "WebGL: starting the backend…", said before each backend's part of a lab job. */
export function startingMessage(backend: BackendName): Message {
  return msg('engine.progress.starting', { backend: backendMessage(backend) });
}
