/**
 * The one table format every setting of every view is declared in: name (its key), type, default,
 * limits, unit, label, help text, and the URL key that carries it (the name unless `urlKey` says
 * otherwise). The forms, the URL codec, the result links and the worker all read settings through
 * `readField` / `readSettings`, so a value one of them accepts is accepted by all, and a refused
 * value gets the same message everywhere.
 */
import { msg, MessageError, type Message } from '../i18n/message';
import type { SettingGroup } from './settingGroups';

interface FieldBase {
  label: string;
  /** One sentence: what the setting does; shown next to the input. */
  help: string;
  /** The key that carries it in links; the table key when absent. */
  urlKey?: string;
  /** The folded group a form shows it in (src/config/firstView.ts); shown first when absent. */
  group?: SettingGroup;
}

export interface IntField extends FieldBase {
  kind: 'int';
  default: number;
  min: number;
  max: number;
  unit?: string;
  /** Only powers of two (matrix and batch sizes of the sweeps). */
  powerOfTwo?: boolean;
}

export interface FloatField extends FieldBase {
  kind: 'float';
  default: number;
  min: number;
  max: number;
  unit?: string;
}

export interface EnumField<T extends string> extends FieldBase {
  kind: 'enum';
  default: T;
  options: readonly T[];
  /** What the pages call each option; the option itself where absent. */
  optionLabels?: Readonly<Partial<Record<T, string>>>;
  /**
   * Values beyond `options` it also accepts, whole-string (the Data set setting's own data sets,
   * `own:<16 hex>`): their labels come from where they are kept, not from the table.
   */
  accepts?: RegExp;
}

/** A comma-separated list of enum options, each at most once. */
export interface ListField<T extends string> extends FieldBase {
  kind: 'list';
  default: readonly T[];
  options: readonly T[];
  optionLabels?: Readonly<Partial<Record<T, string>>>;
  minItems: number;
  maxItems: number;
}

export type Field = IntField | FloatField | EnumField<string> | ListField<string>;
export type Schema = Record<string, Field>;

/** The value type a field holds. */
export type FieldValue<F> = F extends EnumField<infer T> ? T : F extends ListField<infer T> ? T[] : number;
export type ValuesOf<S extends Schema> = { -readonly [K in keyof S]: FieldValue<S[K]> };

/** A cross-field rule of a table (e.g. a range's low end not above its high end). */
export interface TableRule<S extends Schema> {
  keys: readonly (keyof S & string)[];
  /** The message when the values break the rule, else null. */
  check(values: ValuesOf<S>): Message | null;
}

export interface SettingsTable<S extends Schema = Schema> {
  /** Which table the fields' messages name: `setting.<name>.<key>.label` (src/i18n/tableMessages.ts). */
  name: string;
  fields: S;
  rules: readonly TableRule<S>[];
}

/** Why a value was refused, as data (a test or a page can tell the rule apart); `FieldError.message` says it. */
export type RefusalRule =
  | { code: 'notNumber' | 'notWhole' | 'powerOfTwo' }
  | { code: 'range'; min: number; max: number }
  | { code: 'oneOf' | 'listShape'; options: readonly string[] }
  | { code: 'listTwice'; item: string }
  | { code: 'listCount'; min: number; max: number; options: readonly string[] };

export interface Refusal {
  rule: RefusalRule;
  /** The refused value, quoted and cut for a message. */
  got: string;
}

export interface FieldError {
  key: string;
  message: Message;
  /** Set for a single field's refusal; absent for a table rule, whose message is its own. */
  refusal?: Refusal;
}

export type FieldReading = { ok: true; value: number | string | string[] } | { ok: false; refusal: Refusal };

/** Plain decimal numbers only: Number() would also take hex, binary, padding and Infinity. */
const DECIMAL_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const LIST_SEPARATOR = ',';
/** Untrusted text quoted in a message is cut to this many characters. */
export const MAX_QUOTED_CHARS = 40;

/** Names a non-string value without calling anything on it (a hostile object could carry its own toString). */
function describeKind(value: unknown): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'undefined') return String(value);
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string') ? value.join(LIST_SEPARATOR) : 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** Quotes a raw (possibly hostile) value for a message: short, single-line, control characters replaced. */
export function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : describeKind(value);
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  const cut = clean.length > MAX_QUOTED_CHARS ? `${clean.slice(0, MAX_QUOTED_CHARS)}…` : clean;
  return `'${cut}'`;
}

export function optionLabel(field: EnumField<string> | ListField<string>, option: string): string {
  return field.optionLabels?.[option] ?? option;
}

/** A setting's label (or unit) as a message: its table's generated id, which the translator resolves. */
export function settingMessage(table: SettingsTable, key: string, part: 'label' | 'unit' = 'label'): Message {
  return msg(`setting.${table.name}.${key}.${part}`);
}

/** A refused value in words: the setting's label, the rule it broke, and what was given. */
export function refusalMessage(table: SettingsTable, key: string, { rule, got }: Refusal): Message {
  const label = settingMessage(table, key);
  // Limits and options as written, not grouped: "4096", as the English has always said them.
  switch (rule.code) {
    case 'notNumber':
    case 'notWhole':
    case 'powerOfTwo':
      return msg(`validation.${rule.code}`, { label, got });
    case 'range': {
      const field = table.fields[key];
      const hasUnit = (field.kind === 'int' || field.kind === 'float') && field.unit !== undefined;
      const values = { label, got, min: String(rule.min), max: String(rule.max) };
      return hasUnit ? msg('validation.rangeUnit', { ...values, unit: settingMessage(table, key, 'unit') }) : msg('validation.range', values);
    }
    case 'oneOf':
    case 'listShape':
      return msg(`validation.${rule.code}`, { label, got, options: optionList(rule.options) });
    case 'listTwice':
      return msg('validation.listTwice', { label, got, item: rule.item });
    case 'listCount':
      return msg('validation.listCount', { label, got, min: String(rule.min), max: String(rule.max), options: optionList(rule.options) });
  }
}

const WHOLE = /^\d+$/;

/** Options as a list, a run of four or more consecutive whole numbers by its ends: "all, 0–99", not 101 items. */
export function optionList(options: readonly string[]): string {
  const out: string[] = [];
  for (let start = 0; start < options.length; ) {
    let end = start;
    while (end + 1 < options.length && WHOLE.test(options[start]) && WHOLE.test(options[end + 1]) && Number(options[end + 1]) === Number(options[end]) + 1) end += 1;
    if (end - start >= 3) {
      out.push(`${options[start]}–${options[end]}`);
      start = end + 1;
    } else {
      out.push(options[start]);
      start += 1;
    }
  }
  return out.join(', ');
}

/** Every problem of a reading as one message: the first, and how many more. */
export function settingsRefused(errors: readonly FieldError[]): Message {
  return errors.length === 1 ? errors[0].message : msg('validation.several', { first: errors[0].message, count: errors.length - 1 });
}

function refuse(_field: Field, raw: unknown, rule: RefusalRule): FieldReading {
  return { ok: false, refusal: { rule, got: quoted(raw) } };
}

function readList(field: ListField<string>, raw: unknown): FieldReading {
  const items = typeof raw === 'string' ? (raw === '' ? [] : raw.split(LIST_SEPARATOR)) : raw;
  const shape: RefusalRule = { code: 'listShape', options: field.options };
  if (!Array.isArray(items)) return refuse(field, raw, shape);
  const picked: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string' || !field.options.includes(item)) return refuse(field, raw, shape);
    if (picked.includes(item)) return refuse(field, raw, { code: 'listTwice', item });
    picked.push(item);
  }
  if (picked.length < field.minItems || picked.length > field.maxItems) {
    return refuse(field, raw, { code: 'listCount', min: field.minItems, max: field.maxItems, options: field.options });
  }
  return { ok: true, value: picked };
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;
}

function readNumber(field: IntField | FloatField, raw: unknown): FieldReading {
  const wellFormed = (typeof raw === 'number' && Number.isFinite(raw)) || (typeof raw === 'string' && DECIMAL_NUMBER.test(raw));
  if (!wellFormed) return refuse(field, raw, { code: 'notNumber' });
  const num = Number(raw);
  if (!Number.isFinite(num)) return refuse(field, raw, { code: 'notNumber' });
  if (field.kind === 'int' && !Number.isInteger(num)) return refuse(field, raw, { code: 'notWhole' });
  if (num < field.min || num > field.max) return refuse(field, raw, { code: 'range', min: field.min, max: field.max });
  if (field.kind === 'int' && field.powerOfTwo && !isPowerOfTwo(num)) return refuse(field, raw, { code: 'powerOfTwo' });
  return { ok: true, value: num };
}

/** One raw value (a form string, a link string, or a typed value from a worker command) against its field. */
export function readField(field: Field, raw: unknown): FieldReading {
  switch (field.kind) {
    case 'list':
      return readList(field, raw);
    case 'enum':
      return typeof raw === 'string' && (field.options.includes(raw) || (field.accepts?.test(raw) ?? false))
        ? { ok: true, value: raw }
        : refuse(field, raw, { code: 'oneOf', options: field.options });
    case 'int':
    case 'float':
      return readNumber(field, raw);
    default:
      return field satisfies never;
  }
}

/** A value as its form input or link carries it. */
export function formatValue(value: unknown): string {
  return Array.isArray(value) ? value.join(LIST_SEPARATOR) : String(value);
}

function fallbackOf(field: Field): number | string | string[] {
  return field.kind === 'list' ? [...field.default] : field.default;
}

export function defaultsOf<S extends Schema>(schema: S): ValuesOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema)) out[key] = fallbackOf(field);
  return out as ValuesOf<S>;
}

export interface TableReading<S extends Schema> {
  /** Every key: the value read, or its default where it was missing or refused. */
  values: ValuesOf<S>;
  errors: FieldError[];
}

/**
 * Reads raw values against a table: missing keys take their defaults; a refused value takes its
 * default and adds one error; then the table's cross-field rules are checked.
 */
export function readSettings<S extends Schema>(table: SettingsTable<S>, raw: Readonly<Record<string, unknown>>): TableReading<S> {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [key, field] of Object.entries(table.fields)) {
    if (!Object.hasOwn(raw, key) || raw[key] === undefined) {
      values[key] = fallbackOf(field);
      continue;
    }
    const reading = readField(field, raw[key]);
    if (reading.ok) values[key] = reading.value;
    else {
      values[key] = fallbackOf(field);
      errors.push({ key, message: refusalMessage(table, key, reading.refusal), refusal: reading.refusal });
    }
  }
  const typed = values as ValuesOf<S>;
  for (const rule of table.rules) {
    if (rule.keys.some((key) => errors.some((e) => e.key === key))) continue;
    const message = rule.check(typed);
    if (message) errors.push({ key: rule.keys[0], message });
  }
  return { values: typed, errors };
}

/** The same reading, throwing one message for every problem: what a worker does with a bad command. */
export function requireSettings<S extends Schema>(table: SettingsTable<S>, raw: Readonly<Record<string, unknown>>): ValuesOf<S> {
  const { values, errors } = readSettings(table, raw);
  if (errors.length) throw new MessageError(settingsRefused(errors));
  return values;
}

/** Error message per key for a form's raw values; empty when every value can run. */
export function formErrors(table: SettingsTable, raw: Readonly<Record<string, unknown>>, keys: readonly string[] = Object.keys(table.fields)): Record<string, Message> {
  return Object.fromEntries(Object.entries(formErrorDetails(table, raw, keys)).map(([key, e]) => [key, e.message]));
}

/** The first error per key, with its refusal as data. */
export function formErrorDetails(table: SettingsTable, raw: Readonly<Record<string, unknown>>, keys: readonly string[] = Object.keys(table.fields)): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const e of readSettings(table, raw).errors) if (keys.includes(e.key) && !out[e.key]) out[e.key] = e;
  return out;
}

export function urlKeyOf(name: string, field: Field): string {
  return field.urlKey ?? name;
}

/** A settings table: its name (the messages' ids name it), its fields and its cross-field rules. */
export function table<S extends Schema>(name: string, fields: S, rules: readonly TableRule<S>[] = []): SettingsTable<S> {
  return { name, fields, rules };
}

/** A workload's run configuration from its table: its defaults, and a reader tagging the values with the workload. */
export function workloadConfig<W extends string, S extends Schema>(workload: W, settings: SettingsTable<S>) {
  type Config = { workload: W } & ValuesOf<S>;
  return {
    defaults: (): Config => ({ workload, ...defaultsOf(settings.fields) }),
    /** Reads raw (form, link or command) values; refused fields keep their defaults and are reported. */
    parse: (raw: Readonly<Record<string, unknown>>): { config: Config; errors: FieldError[] } => {
      const { values, errors } = readSettings(settings, raw);
      return { config: { workload, ...values }, errors };
    },
  };
}
