import { detailOf, msg, MessageError } from '../i18n/message';
import type { AssetReader, ProgressCallback } from './types';

/** First two bytes of every gzip stream (RFC 1952). */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * Reads assets over HTTP(S) relative to baseUrl (e.g. "https://host/app/data/"). Works in a worker: only
 * fetch, Response, Blob and DecompressionStream. Progress counts received bytes against Content-Length.
 */
export function createFetchReader(baseUrl: string): AssetReader {
  const root = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return async (file, onProgress) => {
    let response: Response;
    try {
      response = await fetch(`${root}${file}`);
    } catch (err) {
      throw new MessageError(msg('engine.data.loadFailed', { file, detail: detailOf(err) }), { cause: err });
    }
    if (!response.ok) throw new MessageError(msg('engine.data.loadFailed', { file, detail: `HTTP ${response.status}` }));
    const received = await readBody(response, file, onProgress);
    return hasGzipMagic(received) ? gunzip(received, file) : received;
  };
}

async function readBody(response: Response, file: string, onProgress?: ProgressCallback): Promise<Uint8Array> {
  const total = Number(response.headers.get('Content-Length') ?? 0) || 0;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      // A server that gzips on the fly sends more bytes than its Content-Length says; never report past it.
      onProgress?.(total > 0 ? Math.min(loaded, total) : loaded, total);
    }
  } catch (err) {
    throw new MessageError(msg('engine.data.downloadFailed', { file, bytes: loaded, detail: detailOf(err) }), { cause: err });
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
