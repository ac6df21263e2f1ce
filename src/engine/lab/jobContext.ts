import type { BackendName } from '../../config/backends';
import { isOutOfMemoryError } from '../bench/sweepScheduler';
import type { BackendStop, LabEvent, StopKind } from '../protocol/lab';
import type { CancelToken } from '../owner/cancelToken';
import type { EngineHost } from '../owner/host';
import { TimeBudgetExceeded } from './sweepBudget';

/** Longest error text carried into a stop reason; tfjs messages can embed whole shader sources. */
const MAX_REASON_CHARS = 300;

/** What every lab job gets: its host, its event sink and its cancel token. */
export interface LabJobContext {
  host: EngineHost;
  token: CancelToken;
  emit(event: LabEvent): void;
}

export function progress(ctx: LabJobContext, fraction: number, message: string): void {
  ctx.emit({ type: 'progress', fraction: Math.min(1, Math.max(0, fraction)), message });
}

export function stopKind(err: unknown): StopKind {
  if (err instanceof TimeBudgetExceeded) return 'time-budget';
  return isOutOfMemoryError(err) ? 'out-of-memory' : 'error';
}

/** First line of an error's message, shortened. */
export function shortError(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const first = raw.split('\n')[0].trim() || 'unknown error';
  return first.length > MAX_REASON_CHARS ? `${first.slice(0, MAX_REASON_CHARS)}…` : first;
}

/** A race backend that failed: out of memory said as such, anything else with its message. */
export function raceStop(backend: BackendName, err: unknown): BackendStop {
  const kind = stopKind(err);
  const reason = kind === 'out-of-memory' ? `${backend}: out of memory (${shortError(err)})` : `${backend}: stopped: ${shortError(err)}`;
  return { backend, value: null, kind, reason };
}
