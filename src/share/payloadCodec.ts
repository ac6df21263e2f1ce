/**
 * A JSON document in a link: JSON → deflate-raw (CompressionStream) → base64url, and back. Shared
 * results (`r=`) and lessons (`ld=`) travel this way, under the same limits; decoding never
 * rejects, and every way a payload can be damaged gets its own message.
 */
import { deflate, fromBase64Url, inflate, toBase64Url } from './bytes';
import { quoted } from './messages';

/** Longest payload produced or read, characters: fits a chat message (a typical race is well under 8,000). */
export const MAX_LINK_CHARS = 16_000;
/** Decompression stops past this many bytes, so a small link cannot expand into a memory bomb. */
export const MAX_DECOMPRESSED_BYTES = 1_000_000;

export type DecodedPayload = { ok: true; value: unknown } | { ok: false; errors: string[] };

export async function encodeJsonPayload(value: unknown): Promise<string> {
  return toBase64Url(await deflate(new TextEncoder().encode(JSON.stringify(value))));
}

/** `what` names the document in messages, e.g. "The shared result", "The lesson". */
export async function decodeJsonPayload(payload: string, what: string): Promise<DecodedPayload> {
  const damaged = (why: string): DecodedPayload => ({ ok: false, errors: [`${what} is damaged: ${why}`] });
  if (payload.length > MAX_LINK_CHARS) {
    return { ok: false, errors: [`${what} is too long (${payload.length} characters; the limit is ${MAX_LINK_CHARS}) and was not read`] };
  }
  const bytes = fromBase64Url(payload);
  if (bytes === null) return damaged(`it is not valid base64url text (starts ${quoted(payload)})`);
  const inflated = await inflate(bytes, MAX_DECOMPRESSED_BYTES);
  if (inflated === 'corrupt') return damaged('its compressed data is truncated or corrupt');
  if (inflated === 'too-large') return { ok: false, errors: [`${what} expands past ${MAX_DECOMPRESSED_BYTES / 1e6} MB and was not read`] };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return damaged('it does not decode to UTF-8 text');
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return damaged('it is not valid JSON');
  }
}
