/**
 * A result link: the run's settings in the hash as usual, plus `r=` the shared result as
 * JSON → deflate-raw (CompressionStream) → base64url. Decoding never rejects: every way a link
 * can be damaged gets its own message.
 */
import { msg, MessageError, type Message } from '../i18n/message';
import { linkTooLong, MAX_HASH_CHARS, RESULT_KEY } from './hashState';
import { part } from './messages';
import { decodeJsonPayload, encodeJsonPayload, MAX_LINK_CHARS } from './payloadCodec';
import { compactCurve, validateSharedResult, MAX_CURVE_POINTS, type SharedResult } from './resultDoc';
import { settingsHashOfResult } from './resultSettings';

export { MAX_DECOMPRESSED_BYTES, MAX_LINK_CHARS } from './payloadCodec';
/** When a result is too long for a link, curves are halved down to this many points before giving up. */
export const MIN_LINK_CURVE_POINTS = 30;

export interface DecodedResult {
  result: SharedResult | null;
  errors: Message[];
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
  if (check.errors.length > 0) throw new MessageError(msg('check.result.cannotShare', { problem: check.errors[0] }));
  const settings = settingsHashOfResult(result);
  let link = '';
  for (let points = MAX_CURVE_POINTS; points >= MIN_LINK_CURVE_POINTS; points = Math.floor(points / 2)) {
    link = `${settings}&${RESULT_KEY}=${await encodeJsonPayload(withCurvePoints(result, points))}`;
    if (link.length <= MAX_LINK_CHARS) return link;
  }
  throw new MessageError(msg('check.result.tooLargeForLink', { length: String(link.length), max: String(MAX_LINK_CHARS) }));
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

export async function decodeResultLink(fragment: string): Promise<DecodedResult> {
  try {
    if (fragment.length > MAX_HASH_CHARS + 1) {
      return { result: null, errors: [linkTooLong(fragment.length)] };
    }
    const payload = payloadFrom(fragment);
    if (payload === null) return { result: null, errors: [msg('check.result.none')] };
    const decoded = await decodeJsonPayload(payload, part('check.part.result'));
    if (!decoded.ok) return { result: null, errors: decoded.errors };
    return validateSharedResult(decoded.value);
  } catch (error) {
    // Every known failure is handled above; this keeps the promise from ever rejecting.
    return { result: null, errors: [msg('check.unreadable', { what: part('check.part.result'), detail: error instanceof Error ? error.name : msg('error.unknown') })] };
  }
}
