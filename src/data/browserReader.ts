import { DATA_STALL_MS } from '../config/tunables';
import { detailOf, msg, MessageError, type Message } from '../i18n/message';
import type { AssetReader, ProgressCallback } from './types';

/** First two bytes of every gzip stream (RFC 1952). */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Aborts a download whose server has sent nothing for `stallMs`: the timer restarts with every chunk, so a slow
 * but moving download goes on, and a stuck one ends in a sentence instead of an endless "loading".
 */
class StallGuard {
  readonly controller = new AbortController();
  stalled = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly stallMs: number) {
    this.touch();
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.stalled = true;
      this.controller.abort();
    }, this.stallMs);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/**
 * Reads assets over HTTP(S) relative to baseUrl (e.g. "https://host/app/data/"). Works in a worker: only
 * fetch, Response, Blob and DecompressionStream. Progress counts received bytes against Content-Length.
 */
export function createFetchReader(baseUrl: string, stallMs = DATA_STALL_MS): AssetReader {
  const root = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return async (file, onProgress) => {
    const guard = new StallGuard(stallMs);
    const stalled = (bytes: number): Message => msg('engine.data.stalled', { file, seconds: stallMs / 1000, bytes });
    let response: Response;
    try {
      response = await fetch(`${root}${file}`, { signal: guard.controller.signal });
    } catch (err) {
      guard.stop();
      throw new MessageError(guard.stalled ? stalled(0) : msg('engine.data.loadFailed', { file, detail: detailOf(err) }), { cause: err });
    }
    if (!response.ok) {
      guard.stop();
      throw new MessageError(msg('engine.data.loadFailed', { file, detail: `HTTP ${response.status}` }));
    }
    let received: Uint8Array;
    try {
      received = await readBody(response, file, guard, stalled, onProgress);
    } finally {
      guard.stop();
    }
    return hasGzipMagic(received) ? gunzip(received, file) : received;
  };
}

async function readBody(response: Response, file: string, guard: StallGuard, stalled: (bytes: number) => Message, onProgress?: ProgressCallback): Promise<Uint8Array> {
  const total = Number(response.headers.get('Content-Length') ?? 0) || 0;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      guard.touch();
      chunks.push(value);
      loaded += value.length;
      // A server that gzips on the fly sends more bytes than its Content-Length says; never report past it.
      onProgress?.(total > 0 ? Math.min(loaded, total) : loaded, total);
    }
  } catch (err) {
    throw new MessageError(guard.stalled ? stalled(loaded) : msg('engine.data.downloadFailed', { file, bytes: loaded, detail: detailOf(err) }), { cause: err });
  }
  return concat(chunks, loaded);
}

/** A server that sets Content-Encoding: gzip has the browser decompress already, so decompress only what is still gzip. */
function hasGzipMagic(bytes: Uint8Array): boolean {
  return bytes.length >= GZIP_MAGIC.length && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

async function gunzip(bytes: Uint8Array, file: string): Promise<Uint8Array> {
  try {
    // The bytes come from fetch, so they sit on a plain ArrayBuffer, which is what Blob's typing asks for.
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (err) {
    throw new MessageError(msg('engine.data.gunzipFailed', { file, detail: detailOf(err) }), { cause: err });
  }
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
