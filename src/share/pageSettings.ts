/**
 * Every setting of the page (the open view, each view's form as typed, the page's own settings) and
 * how it maps to the URL hash. The hash carries the open view's form and the page's settings; the
 * other forms keep theirs in memory. Pure: no window, no React.
 */
import { PAGE_TABLE, type PageFields } from '../config/pageConfig';
import { defaultsOf, formatValue, readSettings } from '../config/schema';
import { FORM_IDS, formTable, VIEWS, type FormId, type ViewId } from '../config/views';
import type { Message } from '../i18n/message';
import { BOARD_KEY, decodeViewHash, encodeViewHash, LESSON_KEY, RESULT_KEY, type FormValues } from './hashState';

/** A form as its inputs hold it: one string per field. */
export type RawValues = Record<string, string>;

/** `page`: presentation mode and the open shipped lesson and step (config/pageConfig.ts), as raw strings. */
export type PageSettings = { view: ViewId; page: RawValues } & Record<FormId, RawValues>;

function rawOf(keys: readonly string[], values: Readonly<FormValues>): RawValues {
  return Object.fromEntries(keys.map((key) => [key, formatValue(values[key])]));
}

/** Values (typed or raw) as the strings a form holds, for every field of the form. */
export function rawValuesOf(form: FormId, values: Readonly<FormValues>): RawValues {
  return rawOf(Object.keys(formTable(form).fields), values);
}

function rawPageValues(values: Readonly<FormValues>): RawValues {
  return rawOf(Object.keys(PAGE_TABLE.fields), values);
}

export function defaultPageSettings(): PageSettings {
  const forms = Object.fromEntries(FORM_IDS.map((form) => [form, rawValuesOf(form, defaultsOf(formTable(form).fields))])) as Record<FormId, RawValues>;
  return { view: 'train', page: rawPageValues(defaultsOf(PAGE_TABLE.fields)), ...forms };
}

/** The page's own settings as they hold now: refused fields take their defaults. */
export function pageFields(settings: PageSettings): PageFields {
  return readSettings(PAGE_TABLE, settings.page).values;
}

/** Sets some of the page's own settings (typed), the others kept. */
export function withPageFields(settings: PageSettings, patch: Partial<PageFields>): PageSettings {
  const raw = Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, formatValue(value)]));
  const changed = Object.entries(raw).some(([key, value]) => settings.page[key] !== value);
  return changed ? { ...settings, page: { ...settings.page, ...raw } } : settings;
}

/** A form's typed values as it would run now: refused fields take their defaults. */
export function formValues(settings: PageSettings, form: FormId): FormValues {
  return readSettings(formTable(form), settings[form]).values;
}

/** The hash for these settings, plus a shared result's, a lesson's and a class board's payload while one is open. */
export function settingsToHash(settings: PageSettings, resultPayload: string | null = null, lessonPayload: string | null = null, boardPayload: string | null = null): string {
  const form = VIEWS[settings.view].form;
  const hash = encodeViewHash(settings.view, form ? formValues(settings, form) : null, pageFields(settings));
  const withLesson = lessonPayload ? `${hash}&${LESSON_KEY}=${lessonPayload}` : hash;
  const withBoard = boardPayload ? `${withLesson}&${BOARD_KEY}=${boardPayload}` : withLesson;
  return resultPayload ? `${withBoard}&${RESULT_KEY}=${resultPayload}` : withBoard;
}

export interface ReadHash {
  settings: PageSettings;
  /** What could not be read, one plain sentence each; defaults were used for it. */
  errors: Message[];
  /** The raw `r` value (a shared result), or null. */
  resultPayload: string | null;
  /** The raw `ld` value (a lesson document), or null. */
  lessonPayload: string | null;
  /** The raw `bd` value (a class board), or null. */
  boardPayload: string | null;
  /** The settings of the open view's form that the link itself carried (raw), for a lesson step to yield to. */
  carried: RawValues;
  /** The view whose form `carried` belongs to: the one the link opened. */
  carriedView: ViewId;
}

/**
 * Reads a hash onto the current settings: the view it names and that view's form; the other forms
 * keep their values. Never throws; whatever cannot be read keeps its default, with a message.
 */
export function settingsFromHash(hash: string, current: PageSettings): ReadHash {
  const decoded = decodeViewHash(hash);
  const settings: PageSettings = { ...current, view: decoded.view, page: rawPageValues(decoded.page) };
  const form = VIEWS[decoded.view].form;
  let carried: RawValues = {};
  if (form && decoded.values) {
    settings[form] = rawValuesOf(form, decoded.values);
    carried = Object.fromEntries(Object.entries(settings[form]).filter(([key]) => decoded.present.has(key)));
  }
  return {
    settings,
    errors: decoded.errors,
    resultPayload: decoded.resultPayload,
    lessonPayload: decoded.lessonPayload,
    boardPayload: decoded.boardPayload,
    carried,
    carriedView: decoded.view,
  };
}
