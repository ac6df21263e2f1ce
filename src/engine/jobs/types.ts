import type { JobKind } from '../../config/jobs';
import type { JobContext } from '../owner/deviceOwner';
import type { EngineHost } from '../owner/host';
import type { RequestOf } from '../protocol/jobs';

/** What every job runner gets: the owner's context (events, cancel token, controls) and the engine's host. */
export interface EngineJobContext extends JobContext {
  host: EngineHost;
}

export type RunnerOf<K extends JobKind> = (request: RequestOf<K>, ctx: EngineJobContext) => Promise<void>;
