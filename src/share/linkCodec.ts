/**
 * A result link: the run's settings in the hash as usual, plus `r=` the shared result as
 * JSON → deflate-raw (CompressionStream) → base64url. Decoding never rejects: every way a link
 * can be damaged gets its own message.
 */
import { deflate, fromBase64Url, inflate, toBase64Url } from './bytes';
import { MAX_HASH_CHARS, RESULT_KEY } from './hashState';
import { quoted } from './messages';
import { compactCurve, validateSharedResult, MAX_CURVE_POINTS, type SharedResult } from './resultDoc';
import { settingsHashOfResult } from './resultSettings';

/** Longest result link produced or read, characters: fits a chat message (a typical race is well under 8,000). */
export const MAX_LINK_CHARS = 16_000;
/** Decompression stops past this many bytes, so a small link cannot expand into a memory bomb. */
export const MAX_DECOMPRESSED_BYTES = 1_000_000;
/** When a result is too long for a link, curves are halved down to this many points before giving up. */
export const MIN_LINK_CURVE_POINTS = 30;

export interface DecodedResult {
  result: SharedResult | null;
  errors: string[];
}

async function payloadOf(result: SharedResult): Promise<string> {
  const json = JSON.stringify(result);
  return toBase64Url(await deflate(new TextEncoder().encode(json)));
}

function withCurvePoints(result: SharedResult, maxPoints: number): SharedResult {
  return { ...result, curves: result.curves.map((c) => compactCurve(c.name, c.points, maxPoints)) };
}

/**
 * The full hash `#v=2&w=…&r=…` for a result (settings from the result's own config).
 * Rejects when the result does not pass validation or cannot fit MAX_LINK_CHARS.
 */
export async function encodeResultLink(result: SharedResult): Promise<string> {
  const check = validateSharedResult(JSON.parse(JSON.stringify(result)));
  if (check.errors.length > 0) throw new Error(`This result cannot be shared: ${check.errors.join('; ')}`);
  const settings = settingsHashOfResult(result);
  let link = '';
  for (let points = MAX_CURVE_POINTS; points >= MIN_LINK_CURVE_POINTS; points = Math.floor(points / 2)) {
    link = `${settings}&${RESULT_KEY}=${await payloadOf(withCurvePoints(result, points))}`;
    if (link.length <= MAX_LINK_CHARS) return link;
  }
  throw new Error(`This result is too large for a link (${link.length} characters; the limit is ${MAX_LINK_CHARS}). Export it as JSON instead.`);
}

/** The raw `r` value of a hash (`#…&r=…`; base64url needs no URL-decoding), or the fragment itself when it is a bare payload. */
function payloadFrom(fragment: string): string | null {
  const isHash = fragment.startsWith('#') || fragment.includes('=') || fragment.includes('&');
  if (!isHash) return fragment;
  const body = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const prefix = `${RESULT_KEY}=`;
  const part = body.split('&').find((p) => p.startsWith(prefix));
  return part === undefined ? null : part.slice(prefix.length);
}

/** Whether a hash carries a shared result at all (a plain settings link does not). */
export function hasResultParam(hash: string): boolean {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  return body.split('&').some((p) => p.startsWith(`${RESULT_KEY}=`));
}

function damaged(why: string): DecodedResult {
  return { result: null, errors: [`The shared result is damaged: ${why}`] };
}

export async function decodeResultLink(fragment: string): Promise<DecodedResult> {
  try {
    if (fragment.length > MAX_HASH_CHARS + 1) {
      return { result: null, errors: [`The link is too long (${fragment.length} characters; the limit is ${MAX_HASH_CHARS}) and was not read`] };
    }
    const payload = payloadFrom(fragment);
    if (payload === null) return { result: null, errors: ['This link carries no shared result'] };
    if (payload.length > MAX_LINK_CHARS) {
      return { result: null, errors: [`The shared result is too long (${payload.length} characters; the limit is ${MAX_LINK_CHARS}) and was not read`] };
    }
    const bytes = fromBase64Url(payload);
    if (bytes === null) return damaged(`it is not valid base64url text (starts ${quoted(payload)})`);
    const inflated = await inflate(bytes, MAX_DECOMPRESSED_BYTES);
    if (inflated === 'corrupt') return damaged('its compressed data is truncated or corrupt');
    if (inflated === 'too-large') {
      return { result: null, errors: [`The shared result expands past ${MAX_DECOMPRESSED_BYTES / 1e6} MB and was not read`] };
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
    } catch {
      return damaged('it does not decode to UTF-8 text');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return damaged('it is not valid JSON');
    }
    return validateSharedResult(parsed);
  } catch (error) {
    // Every known failure is handled above; this keeps the promise from ever rejecting.
    return { result: null, errors: [`The shared result could not be read (${error instanceof Error ? error.name : 'unknown error'})`] };
  }
}
