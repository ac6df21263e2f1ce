import { backendMessage, type BackendName } from '../../config/backends';
import { detailOf, msg, type Message } from '../../i18n/message';

/** How far down an error's `cause` chain to look for an out-of-memory sign. */
const MAX_CAUSE_DEPTH = 5;

/**
 * What out-of-memory looks like in each backend's errors. Matched against the error's name,
 * message and cause chain; a match ends that backend's sweep as "out of memory".
 */
export const OUT_OF_MEMORY_PATTERNS: readonly { source: string; pattern: RegExp }[] = [
  { source: 'generic allocators (WebGL textures, wasm heap)', pattern: /failed to allocate/i },
  { source: 'Dawn / WebGPU, Emscripten, browsers', pattern: /out of memory/i },
  { source: 'Emscripten abort, shorthand', pattern: /\bOOM\b/ },
  { source: 'tfjs-webgl checkWebGLError: gl.OUT_OF_MEMORY', pattern: /\bOUT_OF_MEMORY\b/ },
  { source: 'tfjs-webgl texture larger than MAX_TEXTURE_SIZE', pattern: /requested texture size[\s\S]*greater than/i },
  { source: 'browser texture checks', pattern: /exceeds the max(?:imum)? texture size/i },
  { source: 'WebGPU buffer above the adapter limit', pattern: /maxBufferSize|max buffer size/i },
  { source: 'WebGPU binding above the adapter limit', pattern: /maxStorageBufferBindingSize|max(?:imum)? storage buffer binding size/i },
  { source: 'WebGPU error scope / uncaptured error class', pattern: /GPUOutOfMemoryError/ },
  { source: 'V8 ArrayBuffer too large (cpu backend)', pattern: /array buffer allocation failed/i },
  { source: 'Emscripten heap growth (wasm backend)', pattern: /cannot enlarge memory|maximum memory size exceeded/i },
];

export interface SweepPlan {
  backends: BackendName[];
  /** Swept in ascending order whatever order they come in. */
  values: number[];
  /** What a value is, for stop reasons: a matrix size or a batch size. */
  valueLabel?: 'size' | 'batch';
}

export interface SweepHooks<T> {
  onPoint(backend: BackendName, value: number, result: T): void;
  onBackendStopped(backend: BackendName, value: number, reason: Message): void;
  /** Polled before every point; true stops the whole sweep. */
  isCancelled(): boolean;
}

export interface SweepStop {
  backend: BackendName;
  value: number;
  kind: 'out-of-memory' | 'error';
  reason: Message;
}

export interface SweepOutcome<T> {
  results: { backend: BackendName; value: number; result: T }[];
  stops: SweepStop[];
  cancelled: boolean;
}

/**
 * Runs every value on every backend, one point at a time. A failing point ends only its
 * backend's sweep (larger values would fail too); cancellation ends everything between points.
 * Errors thrown by the hooks themselves are bugs and propagate.
 */
export async function runSweep<T>(
  plan: SweepPlan,
  runPoint: (backend: BackendName, value: number) => Promise<T>,
  hooks: SweepHooks<T>,
): Promise<SweepOutcome<T>> {
  const values = [...plan.values].sort((a, b) => a - b);
  const outcome: SweepOutcome<T> = { results: [], stops: [], cancelled: false };
  for (const backend of plan.backends) {
    for (const value of values) {
      if (hooks.isCancelled()) {
        outcome.cancelled = true;
        return outcome;
      }
      let result: T;
      try {
        result = await runPoint(backend, value);
      } catch (err) {
        const stop = describeStop(backend, value, plan.valueLabel, err);
        outcome.stops.push(stop);
        hooks.onBackendStopped(backend, value, stop.reason);
        break;
      }
      outcome.results.push({ backend, value, result });
      hooks.onPoint(backend, value, result);
    }
  }
  return outcome;
}

const VALUE_IDS = { size: 'engine.lab.atSize', batch: 'engine.lab.atBatch' } as const;

function describeStop(backend: BackendName, value: number, label: SweepPlan['valueLabel'], err: unknown): SweepStop {
  const at = msg(label ? VALUE_IDS[label] : 'engine.lab.atValue', { value });
  const values = { backend: backendMessage(backend), at, detail: detailOf(err) };
  if (isOutOfMemoryError(err)) return { backend, value, kind: 'out-of-memory', reason: msg('engine.lab.outOfMemoryAt', values) };
  return { backend, value, kind: 'error', reason: msg('engine.lab.stoppedAt', values) };
}

export function isOutOfMemoryError(err: unknown): boolean {
  return errorTexts(err).some((text) => OUT_OF_MEMORY_PATTERNS.some(({ pattern }) => pattern.test(text)));
}

/** Name, constructor name and message of an error and of its causes; GPUError is not an Error. */
function errorTexts(err: unknown, depth = 0): string[] {
  if (err === undefined || err === null || depth > MAX_CAUSE_DEPTH) return [];
  if (typeof err !== 'object') return [String(err)];
  const e = err as { name?: unknown; message?: unknown; cause?: unknown };
  const texts = [e.constructor?.name, e.name, e.message].filter((t): t is string => typeof t === 'string');
  return e.cause === undefined ? texts : [...texts, ...errorTexts(e.cause, depth + 1)];
}

