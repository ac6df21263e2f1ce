/** The link a Share button copies: the result's own settings and view, and the compressed result. */
import { encodeResultLink } from './linkCodec';
import type { SharedResult } from './resultDoc';

/** The full URL of a result link on this page; rejects when the result cannot be shared (too large, invalid). */
export async function resultUrl(result: SharedResult, base: string): Promise<string> {
  return `${base}${await encodeResultLink(result)}`;
}
