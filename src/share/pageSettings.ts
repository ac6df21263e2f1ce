/**
 * Every setting of the page (the open view, each view's form as typed) and how it maps to the URL
 * hash. The hash carries the open view's form only; the other forms keep theirs in memory. Pure:
 * no window, no React.
 */
import { defaultsOf, formatValue, readSettings } from '../config/schema';
import { FORM_IDS, formTable, VIEWS, type FormId, type ViewId } from '../config/views';
import { decodeViewHash, encodeViewHash, RESULT_KEY, type FormValues } from './hashState';

/** A form as its inputs hold it: one string per field. */
export type RawValues = Record<string, string>;

export type PageSettings = { view: ViewId } & Record<FormId, RawValues>;

/** Values (typed or raw) as the strings a form holds, for every field of the form. */
export function rawValuesOf(form: FormId, values: Readonly<FormValues>): RawValues {
  return Object.fromEntries(Object.keys(formTable(form).fields).map((key) => [key, formatValue(values[key])]));
}

export function defaultPageSettings(): PageSettings {
  const forms = Object.fromEntries(FORM_IDS.map((form) => [form, rawValuesOf(form, defaultsOf(formTable(form).fields))])) as Record<FormId, RawValues>;
  return { view: 'train', ...forms };
}

/** A form's typed values as it would run now: refused fields take their defaults. */
export function formValues(settings: PageSettings, form: FormId): FormValues {
  return readSettings(formTable(form), settings[form]).values;
}

/** The hash for these settings, plus a shared result's payload while one is open. */
export function settingsToHash(settings: PageSettings, resultPayload: string | null = null): string {
  const form = VIEWS[settings.view].form;
  const hash = encodeViewHash(settings.view, form ? formValues(settings, form) : null);
  return resultPayload ? `${hash}&${RESULT_KEY}=${resultPayload}` : hash;
}

export interface ReadHash {
  settings: PageSettings;
  /** What could not be read, one plain sentence each; defaults were used for it. */
  errors: string[];
  /** The raw `r` value (a shared result), or null. */
  resultPayload: string | null;
}

/**
 * Reads a hash onto the current settings: the view it names and that view's form; the other forms
 * keep their values. Never throws; whatever cannot be read keeps its default, with a message.
 */
export function settingsFromHash(hash: string, current: PageSettings): ReadHash {
  const decoded = decodeViewHash(hash);
  const settings: PageSettings = { ...current, view: decoded.view };
  const form = VIEWS[decoded.view].form;
  if (form && decoded.values) settings[form] = rawValuesOf(form, decoded.values);
  return { settings, errors: decoded.errors, resultPayload: decoded.resultPayload };
}
