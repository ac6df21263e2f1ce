/**
 * A typed property table: each field declares its default and limits once, and
 * validation (and later the URL codec) is derived from it.
 */

export interface IntField {
  kind: 'int';
  label: string;
  default: number;
  min: number;
  max: number;
  unit?: string;
}

export interface FloatField {
  kind: 'float';
  label: string;
  default: number;
  min: number;
  max: number;
  unit?: string;
}

export interface EnumField<T extends string> {
  kind: 'enum';
  label: string;
  default: T;
  options: readonly T[];
}

/** Plain decimal notation only: Number() would also take hex, binary and padded strings. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export type Field = IntField | FloatField | EnumField<string>;

/** The value type a field holds. */
export type FieldValue<F> = F extends EnumField<infer T> ? T : number;

export type Schema = Record<string, Field>;
export type ValuesOf<S extends Schema> = { [K in keyof S]: FieldValue<S[K]> };

export interface FieldError {
  key: string;
  message: string;
}

/** Checks one raw value against its field; returns the parsed value or an error message. */
export function parseField(field: Field, raw: unknown): { ok: true; value: number | string } | { ok: false; message: string } {
  if (field.kind === 'enum') {
    if (typeof raw === 'string' && field.options.includes(raw)) return { ok: true, value: raw };
    return { ok: false, message: `${field.label} must be one of ${field.options.join(', ')}` };
  }
  const num = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(num)) return { ok: false, message: `${field.label} must be a number` };
  if (field.kind === 'int' && !Number.isInteger(num)) return { ok: false, message: `${field.label} must be a whole number` };
  if (num < field.min || num > field.max) {
    const unit = field.unit ? ` ${field.unit}` : '';
    return { ok: false, message: `${field.label} must be between ${field.min} and ${field.max}${unit}` };
  }
  return { ok: true, value: num };
}

export function defaultsOf<S extends Schema>(schema: S): ValuesOf<S> {
  const out: Record<string, number | string> = {};
  for (const [key, field] of Object.entries(schema)) out[key] = field.default;
  return out as ValuesOf<S>;
}

/** Validates a partial record of raw values; missing keys take defaults. */
export function validate<S extends Schema>(
  schema: S,
  raw: Record<string, unknown>,
): { values: ValuesOf<S>; errors: FieldError[] } {
  const values: Record<string, number | string> = {};
  const errors: FieldError[] = [];
  for (const [key, field] of Object.entries(schema)) {
    if (!(key in raw) || raw[key] === undefined) {
      values[key] = field.default;
      continue;
    }
    const parsed = parseField(field, raw[key]);
    if (parsed.ok) values[key] = parsed.value;
    else {
      values[key] = field.default;
      errors.push({ key, message: parsed.message });
    }
  }
  return { values: values as ValuesOf<S>, errors };
}
