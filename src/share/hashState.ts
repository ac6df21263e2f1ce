/**
 * A view and its settings in the URL hash, e.g. `#v=3&w=cnn&backend=cpu&batchSize=128` or
 * `#v=3&view=lab&model=tiny&present=on&lesson=matmul-race&step=2`: only non-default values, in
 * table order, each under its field's URL key; the open view's form first, then the page's own
 * settings (presentation mode, lesson, step), read in every view. Decoding is pure and never throws;
 * whatever cannot be read falls back to its default with one message each, the same message the
 * form and the worker give.
 */
import { PAGE_TABLE } from '../config/pageConfig';
import { defaultsOf, formatValue, readSettings, urlKeyOf, type SettingsTable } from '../config/schema';
import { DEFAULT_VIEW, formTable, isViewId, VIEWS, viewOfWorkload, type FormId, type ViewId } from '../config/views';
import { isWorkloadId } from '../config/workloads';
import { msg, type Message } from '../i18n/message';
import { ErrorList, part, quoted } from './messages';
import { migrateLinkEntries, readVersion, SCHEMA_VERSION, type Entry } from './migrations';

/** Longest hash read at all, characters. */
export const MAX_HASH_CHARS = 65_536;
/** Longest single setting value, characters (the result `r` has its own limit in linkCodec). */
export const MAX_VALUE_CHARS = 2_048;
/** Longest setting name, characters. */
export const MAX_KEY_CHARS = 64;

export const VERSION_KEY = 'v';
export const WORKLOAD_KEY = 'w';
export const VIEW_KEY = 'view';
export const RESULT_KEY = 'r';
/** A lesson document (not a shipped one, which is the `lesson` setting): compressed like a result. */
export const LESSON_KEY = 'ld';
/** The class board's results (src/share/board): compressed like a result. */
export const BOARD_KEY = 'bd';
const RESERVED_KEYS: readonly string[] = [VERSION_KEY, WORKLOAD_KEY, VIEW_KEY, RESULT_KEY, LESSON_KEY, BOARD_KEY];
/** Keys whose values are compressed documents, with their own length limit (payloadCodec's). */
const PAYLOAD_KEYS: readonly string[] = [RESULT_KEY, LESSON_KEY, BOARD_KEY];

/** A link over MAX_HASH_CHARS: said by every reader of a hash (settings, result, lesson). */
export function linkTooLong(length: number): Message {
  return msg('check.link.tooLong', { length: String(length), max: String(MAX_HASH_CHARS) });
}

export type FormValues = Record<string, unknown>;

export interface DecodedHash {
  view: ViewId;
  /** The open view's form: every field, read from the link or defaulted; null for a view without settings. */
  values: FormValues | null;
  /** The form keys the link itself carried (a field left out took its default). */
  present: ReadonlySet<string>;
  /** What could not be read, one message each. */
  errors: Message[];
  /** The format version the hash was written in (1 when it carries none). */
  version: number;
  /** The raw `r` value (a shared result), or null. */
  resultPayload: string | null;
  /** The page's own settings (PAGE_TABLE): every field, read from the link or defaulted. */
  page: FormValues;
  /** The raw `ld` value (a lesson document), or null. */
  lessonPayload: string | null;
  /** The raw `bd` value (a class board), or null. */
  boardPayload: string | null;
}

function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) ? a.join(',') === b.join(',') : a === b;
}

/** The workload a form is, for the `w` key that older readers (and result documents) know views by. */
function workloadOfForm(form: FormId | null): 'cnn' | 'gan' | null {
  return form === 'cnn' || form === 'gan' ? form : null;
}

/** The table's values that differ from their defaults, under their URL keys, in table order. */
function nonDefaultEntries(table: SettingsTable, values: Readonly<FormValues>): Entry<string>[] {
  const entries: Entry<string>[] = [];
  for (const [name, field] of Object.entries(table.fields)) {
    if (values[name] !== undefined && !sameValue(values[name], field.default)) entries.push([urlKeyOf(name, field), formatValue(values[name])]);
  }
  return entries;
}

/**
 * The canonical hash of a view, its form's values and the page's own settings: version, view, then
 * non-default values in table order.
 */
export function encodeViewHash(view: ViewId, values: Readonly<FormValues> | null, page: Readonly<FormValues> | null = null): string {
  const form = VIEWS[view].form;
  const workload = workloadOfForm(form);
  const entries: Entry<string>[] = [[VERSION_KEY, String(SCHEMA_VERSION)]];
  entries.push(workload && viewOfWorkload(workload) === view ? [WORKLOAD_KEY, workload] : [VIEW_KEY, view]);
  if (form && values) entries.push(...nonDefaultEntries(formTable(form), values));
  if (page) entries.push(...nonDefaultEntries(PAGE_TABLE, page));
  return `#${entries.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')}`;
}

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Splits a hash into decoded key/value pairs, in order; malformed or oversized pairs are reported and skipped. */
export function hashParams(hash: string): { entries: Entry<string>[]; errors: Message[] } {
  const errors = new ErrorList();
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body.length > MAX_HASH_CHARS) {
    errors.add(linkTooLong(body.length));
    return { entries: [], errors: errors.toArray() };
  }
  const entries: Entry<string>[] = [];
  for (const part of body.split('&')) {
    if (part === '') continue;
    const split = part.indexOf('=');
    const key = decodeComponent(split < 0 ? part : part.slice(0, split));
    const value = decodeComponent(split < 0 ? '' : part.slice(split + 1));
    if (key === null || value === null) errors.say('check.link.notEncoded', { key: quoted(part) });
    else if (key.length > MAX_KEY_CHARS) errors.say('check.link.longName', { max: MAX_KEY_CHARS });
    else if (!PAYLOAD_KEYS.includes(key) && value.length > MAX_VALUE_CHARS) {
      errors.say('check.link.longValue', { key: quoted(key), max: String(MAX_VALUE_CHARS) });
    } else entries.push([key, value]);
  }
  return { entries, errors: errors.toArray() };
}

/** The view a link opens: its `view`, else its workload's view, else the default one. */
function readView(params: ReadonlyMap<string, string>, errors: ErrorList): ViewId {
  const workloadRaw = params.get(WORKLOAD_KEY);
  const workload = workloadRaw === undefined ? null : isWorkloadId(workloadRaw) ? workloadRaw : null;
  if (workloadRaw !== undefined && workload === null) errors.say('check.link.unknownWorkload', { got: quoted(workloadRaw) });
  const fallback = workload ? viewOfWorkload(workload) : DEFAULT_VIEW;
  const viewRaw = params.get(VIEW_KEY);
  if (viewRaw === undefined) return fallback;
  if (isViewId(viewRaw)) return viewRaw;
  errors.say('check.link.noView', { got: quoted(viewRaw), view: msg(`view.${fallback}`) });
  return fallback;
}

/** A form's fields read from link values keyed by URL key: defaults where missing, one error per refused value. */
function readForm(table: SettingsTable, params: ReadonlyMap<string, string>, errors: ErrorList): { values: FormValues; present: Set<string> } {
  const raw: Record<string, unknown> = {};
  const present = new Set<string>();
  for (const [name, field] of Object.entries(table.fields)) {
    const key = urlKeyOf(name, field);
    if (params.has(key)) {
      raw[name] = params.get(key);
      present.add(name);
    }
  }
  const reading = readSettings(table, raw);
  for (const e of reading.errors) errors.add(e.message);
  return { values: reading.values, present };
}

export function decodeViewHash(hash: string): DecodedHash {
  const errors = new ErrorList();
  const parsed = hashParams(hash);
  errors.addAll(parsed.errors);

  const isEmpty = parsed.entries.length === 0;
  const versionEntry = parsed.entries.find(([key]) => key === VERSION_KEY);
  const reading = isEmpty ? { version: SCHEMA_VERSION, error: null } : readVersion(versionEntry?.[1], part('check.part.link'));
  if (reading.error) errors.add(reading.error);

  const params = new Map<string, string>();
  for (const [key, value] of migrateLinkEntries(parsed.entries, reading.version)) {
    if (params.has(key)) errors.say('check.setting.twice', { key: quoted(key) });
    else params.set(key, value);
  }

  const view = readView(params, errors);
  const form = VIEWS[view].form;
  const table = form ? formTable(form) : null;
  const urlKeys = (t: SettingsTable) => Object.entries(t.fields).map(([name, field]) => urlKeyOf(name, field));
  const known = new Set([...(table ? urlKeys(table) : []), ...urlKeys(PAGE_TABLE)]);
  for (const key of params.keys()) {
    if (!RESERVED_KEYS.includes(key) && !known.has(key)) errors.say('check.link.unknownSetting', { key: quoted(key) });
  }
  const read = table ? readForm(table, params, errors) : { values: null, present: new Set<string>() };
  const page = readForm(PAGE_TABLE, params, errors).values;
  return {
    view,
    values: read.values,
    present: read.present,
    errors: errors.toArray(),
    version: reading.version,
    resultPayload: params.get(RESULT_KEY) ?? null,
    page,
    lessonPayload: params.get(LESSON_KEY) ?? null,
    boardPayload: params.get(BOARD_KEY) ?? null,
  };
}

/** A view's form with every field at its default; null for a view without settings. */
export function defaultFormValues(view: ViewId): FormValues | null {
  const form = VIEWS[view].form;
  return form ? defaultsOf(formTable(form).fields) : null;
}
