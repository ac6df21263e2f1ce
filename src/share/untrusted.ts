/** Small checks for values parsed from untrusted JSON. They never call into the value (no getters run on plain JSON). */
import type { Message } from '../i18n/message';
import { quoted, type ErrorList } from './messages';

/** Keys that could reach or shadow an object's prototype members (__proto__, constructor, toString, …). */
const FORBIDDEN_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The own entries of a plain object as a Map, so later reads never touch a prototype;
 * returns the forbidden keys it left out.
 */
export function safeEntries(value: Record<string, unknown>): { entries: Map<string, unknown>; forbidden: string[] } {
  const entries = new Map<string, unknown>();
  const forbidden: string[] = [];
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) forbidden.push(key);
    else entries.set(key, value[key]);
  }
  return { entries, forbidden };
}

export type DepthCheck = 'ok' | 'too-deep' | 'too-large';

/** Walks a value without recursion: is it nested deeper than maxDepth, or has it more than maxNodes values? */
export function checkShape(value: unknown, maxDepth: number, maxNodes: number): DepthCheck {
  const stack: [unknown, number][] = [[value, 1]];
  let visited = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (++visited > maxNodes) return 'too-large';
    if (typeof item !== 'object' || item === null) continue;
    if (depth > maxDepth) return 'too-deep';
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return 'ok';
}

export function isFiniteInRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

export function isShortString(value: unknown, maxChars: number): value is string {
  return typeof value === 'string' && value.length <= maxChars;
}

/** The object's own entries, or null (with an error) when it is not a plain object; forbidden keys are reported and left out. */
export function objectEntries(raw: unknown, what: Message, errors: ErrorList): Map<string, unknown> | null {
  if (!isPlainObject(raw)) {
    errors.say('check.notObjectIgnored', { what });
    return null;
  }
  const { entries, forbidden } = safeEntries(raw);
  for (const key of forbidden) errors.say('check.forbiddenKey', { what, key: quoted(key) });
  return entries;
}

/** Reports every key the reader does not know; the rest of the document still reads. */
export function reportUnknownKeys(entries: Map<string, unknown>, known: readonly string[], what: Message, errors: ErrorList): void {
  for (const key of entries.keys()) if (!known.includes(key)) errors.say('check.unknownField', { key: quoted(key), what });
}
