/**
 * A JSON document in a link: JSON → deflate-raw (CompressionStream) → base64url, and back. Shared
 * results (`r=`) and lessons (`ld=`) travel this way, under the same limits; decoding never
 * rejects, and every way a payload can be damaged gets its own message.
 */
import { deflate, fromBase64Url, inflate, toBase64Url } from './bytes';
import { msg, type Message } from '../i18n/message';
import { quoted } from './messages';

/** Longest payload produced or read, characters: fits a chat message (a typical race is well under 8,000). */
export const MAX_LINK_CHARS = 16_000;
/** Decompression stops past this many bytes, so a small link cannot expand into a memory bomb. */
export const MAX_DECOMPRESSED_BYTES = 1_000_000;

export type DecodedPayload = { ok: true; value: unknown } | { ok: false; errors: Message[] };

export async function encodeJsonPayload(value: unknown): Promise<string> {
  return toBase64Url(await deflate(new TextEncoder().encode(JSON.stringify(value))));
}

/** `what` names the document in messages: the shared result, the lesson. */
export async function decodeJsonPayload(payload: string, what: Message): Promise<DecodedPayload> {
  const damaged = (why: Message): DecodedPayload => ({ ok: false, errors: [msg('check.damaged', { what, why })] });
  if (payload.length > MAX_LINK_CHARS) {
    return { ok: false, errors: [msg('check.tooLong', { what, length: String(payload.length), max: String(MAX_LINK_CHARS) })] };
  }
  const bytes = fromBase64Url(payload);
  if (bytes === null) return damaged(msg('check.why.base64', { start: quoted(payload) }));
  const inflated = await inflate(bytes, MAX_DECOMPRESSED_BYTES);
  if (inflated === 'corrupt') return damaged(msg('check.why.corrupt'));
  if (inflated === 'too-large') return { ok: false, errors: [msg('check.expands', { what, mb: MAX_DECOMPRESSED_BYTES / 1e6 })] };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return damaged(msg('check.why.utf8'));
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return damaged(msg('check.why.json'));
  }
}
