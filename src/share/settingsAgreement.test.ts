/**
 * Every setting of every view is read in three places: the form (as typed), the link (as a URL
 * string), and the worker (as the typed value a command carries). Generated values, in range and
 * out, must be accepted by all three or refused by all three, with the same message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeViewHash, encodeViewHash } from './hashState';
import { MAX_REPORTED_ERRORS } from './messages';
import { formatValue, formErrors, readSettings, requireSettings, settingsRefused, type Field, type SettingsTable } from '../config/schema';
import { FORMS, formTable, VIEW_IDS, VIEWS, type FormId, type ViewId } from '../config/views';
import { requireRunConfig, WORKLOADS } from '../config/workloads';
import { english, englishError } from '../i18n/testing/english';

const RUNS = 300;

/** Values for one field: inside its domain, at and past its limits, and malformed. */
function candidates(field: Field): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'enum':
      return fc.oneof(fc.constantFrom(...field.options), fc.constantFrom('', 'CPU', 'gpu', '<b>', field.options[0] + ' '));
    case 'list':
      return fc.oneof(
        fc.subarray([...field.options], { minLength: field.minItems }).chain((items) => fc.shuffledSubarray(items, { minLength: items.length })),
        fc.constant([] as string[]),
        fc.constant([field.options[0], field.options[0]]),
        fc.constant(['cuda']),
      );
    case 'int': {
      const edge = fc.constantFrom(field.min, field.max, field.min - 1, field.max + 1, field.default);
      const powers = fc.nat({ max: 13 }).map((p) => 2 ** p);
      return fc.oneof(fc.integer({ min: field.min - 5, max: field.max + 5 }), edge, powers, fc.constant(field.min + 0.5));
    }
    case 'float':
      return fc.oneof(fc.double({ min: field.min / 2, max: field.max * 2, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(field.min, field.max, -1, 0));
  }
}

/** A whole form's worth of candidate values, keyed like its table. */
function formValues(table: SettingsTable): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(Object.fromEntries(Object.entries(table.fields).map(([key, field]) => [key, candidates(field)])));
}

/** What the worker does with a command carrying these (typed) values: runs it, or refuses with messages. */
function workerReading(view: ViewId, values: Record<string, unknown>): { ok: boolean; message: string } {
  const form = VIEWS[view].form;
  try {
    if (form === 'cnn' || form === 'gan') requireRunConfig({ workload: form, ...values });
    else if (form) requireSettings(formTable(form), values);
    return { ok: true, message: '' };
  } catch (err) {
    return { ok: false, message: englishError(err) };
  }
}

const formViews = VIEW_IDS.filter((view) => VIEWS[view].form !== null);

describe('the form, the link and the worker agree on every setting', () => {
  it.each(formViews)(`%s: ${RUNS} generated forms are accepted or refused alike, with the same messages`, (view) => {
    const table = formTable(VIEWS[view].form as FormId);
    fc.assert(
      fc.property(formValues(table), (values) => {
        const asTyped = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, formatValue(value)]));
        const form = Object.values(formErrors(table, asTyped));
        const query = Object.entries(asTyped).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
        const link = decodeViewHash(`${encodeViewHash(view, null)}&${query.join('&')}`);
        const worker = workerReading(view, values);
        // A link lists at most MAX_REPORTED_ERRORS problems, then counts the rest in one line.
        expect(link.errors.slice(0, MAX_REPORTED_ERRORS)).toEqual(form.slice(0, MAX_REPORTED_ERRORS));
        if (form.length > MAX_REPORTED_ERRORS) expect(english(link.errors.at(-1))).toMatch(/^…and \d+ more problems?$/);
        expect(worker.ok).toBe(form.length === 0);
        if (!worker.ok) expect(worker.message).toBe(english(settingsRefused(readSettings(table, values).errors)));
      }),
      { numRuns: RUNS },
    );
  });

  it.each(formViews)('%s: a canonical link reads back to the same link', (view) => {
    const table = formTable(VIEWS[view].form as FormId);
    fc.assert(
      fc.property(formValues(table), (values) => {
        const reading = readSettings(table, values);
        // Refused values took their defaults; a pair that still breaks a cross-field rule is no canonical link.
        fc.pre(readSettings(table, reading.values).errors.length === 0);
        const valid = reading.values;
        const link = encodeViewHash(view, valid);
        const decoded = decodeViewHash(link);
        expect(english(decoded.errors)).toEqual([]);
        expect(encodeViewHash(decoded.view, decoded.values)).toBe(link);
      }),
      { numRuns: RUNS },
    );
  });

  it('knows every workload through the same tables', () => {
    expect(Object.keys(WORKLOADS)).toEqual(['cnn', 'gan']);
    expect(FORMS.cnn).toBe(WORKLOADS.cnn.table);
    expect(FORMS.gan).toBe(WORKLOADS.gan.table);
  });
});
