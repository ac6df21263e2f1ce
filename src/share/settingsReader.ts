/**
 * Reads untrusted raw values (hash strings or JSON values) against a share schema: the config
 * schema's own messages and limits, plus a strict number syntax and the list field kind.
 */
import { parseField } from '../config/schema';
import { ErrorList, quoted } from './messages';
import type { ListField, ShareField, ShareSchema, ShareValuesOf } from './shareSchemas';

/** Plain decimal numbers only: no hex, no padding, no Infinity (Number() would take them all). */
const DECIMAL_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const LIST_SEPARATOR = ',';

type ReadResult = { ok: true; value: unknown } | { ok: false; message: string };

function readList(field: ListField<string>, raw: unknown): ReadResult {
  const items = typeof raw === 'string' ? (raw === '' ? [] : raw.split(LIST_SEPARATOR)) : raw;
  const shape = `${field.label} must be a list of ${field.options.join(', ')}`;
  if (!Array.isArray(items)) return { ok: false, message: shape };
  const picked: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string' || !field.options.includes(item)) return { ok: false, message: shape };
    if (picked.includes(item)) return { ok: false, message: `${field.label} lists ${item} twice` };
    picked.push(item);
  }
  if (picked.length < field.minItems || picked.length > field.maxItems) {
    return { ok: false, message: `${field.label} must list between ${field.minItems} and ${field.maxItems} items` };
  }
  return { ok: true, value: picked };
}

/** One raw value against its field: the parsed value, or the message the UI would show. */
export function readField(field: ShareField, raw: unknown): ReadResult {
  if (field.kind === 'list') return readList(field, raw);
  if (field.kind !== 'enum') {
    const wellFormed = typeof raw === 'number' || (typeof raw === 'string' && DECIMAL_NUMBER.test(raw));
    if (!wellFormed) return { ok: false, message: `${field.label} must be a number` };
  }
  return parseField(field, raw);
}

export function formatValue(value: unknown): string {
  return Array.isArray(value) ? value.join(LIST_SEPARATOR) : String(value);
}

/** Reads the schema's keys from raw; missing keys take defaults, invalid ones take defaults and add an error. */
export function readRecord<S extends ShareSchema>(schema: S, raw: ReadonlyMap<string, unknown>, errors: ErrorList): ShareValuesOf<S> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) {
    const fallback = field.kind === 'list' ? [...field.default] : field.default;
    if (!raw.has(key)) {
      values[key] = fallback;
      continue;
    }
    const parsed = readField(field, raw.get(key));
    if (parsed.ok) values[key] = parsed.value;
    else {
      values[key] = fallback;
      errors.add(`${parsed.message} (got ${quoted(raw.get(key))}); using the default, ${formatValue(fallback)}`);
    }
  }
  return values as ShareValuesOf<S>;
}
