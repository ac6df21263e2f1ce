import { describe, expect, it } from 'vitest';
import { readField, refusalMessage, type Field } from '../config/schema';
import { FORMS, VIEW_IDS, VIEWS, type ViewId } from '../config/views';
import { V1_LINKS } from './fixtures/v1Links';
import { V2_LINKS } from './fixtures/v2Links';
import { decodeViewHash, defaultFormValues, encodeViewHash, MAX_HASH_CHARS, MAX_VALUE_CHARS } from './hashState';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { PAGE_TABLE } from '../config/pageConfig';
import { english } from '../i18n/testing/english';

/** Values worth a round trip, generated from the field itself: limits, default, every option, one between. */
function sampleValues(field: Field): unknown[] {
  if (field.kind === 'enum') return [...field.options];
  if (field.kind === 'list') return [[...field.default], field.options.slice(0, field.minItems), [...field.options], [...field.options].reverse()];
  if (field.kind === 'int' && field.powerOfTwo) return [field.min, field.max, field.default];
  const between = field.kind === 'int' ? Math.round((field.min + field.max) / 3) : field.min + (field.max - field.min) / 7;
  return [field.min, field.max, field.default, between];
}

/** Every view with a form, each of its fields and sample values, and the whole form with that one value set. */
const cases = VIEW_IDS.flatMap((view) => {
  const form = VIEWS[view].form;
  if (!form) return [];
  return Object.entries(FORMS[form].fields).flatMap(([key, field]) =>
    sampleValues(field)
      .map((value) => ({ view, key, value, values: { ...defaultFormValues(view), [key]: value } }))
      // A value that breaks a cross-field rule (a range's low end above its high end) is no round trip.
      .filter(({ values }) => FORMS[form].rules.every((rule) => rule.check(values as never) === null)),
  );
});

/** What every decoded link must satisfy, whatever went in: a form every value of which the form accepts. */
export function expectUsable(view: ViewId, values: Record<string, unknown> | null): void {
  const form = VIEWS[view].form;
  if (!form) {
    expect(values).toBeNull();
    return;
  }
  for (const [key, field] of Object.entries(FORMS[form].fields)) expect(readField(field, values?.[key]).ok).toBe(true);
}

describe('a view and its settings in the URL hash', () => {
  it.each(cases)('round-trips $view $key=$value', ({ view, values }) => {
    const decoded = decodeViewHash(encodeViewHash(view, values));
    expect(english(decoded.errors)).toEqual([]);
    expect(decoded.version).toBe(SCHEMA_VERSION);
    expect(decoded.view).toBe(view);
    expect(decoded.values).toEqual(values);
  });

  it('writes only non-default values, in table order, after the version and the view', () => {
    expect(encodeViewHash('train', defaultFormValues('train'))).toBe(`#v=${SCHEMA_VERSION}&w=cnn`);
    expect(encodeViewHash('train', { ...defaultFormValues('train'), seed: 7, backend: 'cpu', batchSize: 128 })).toBe(`#v=${SCHEMA_VERSION}&w=cnn&backend=cpu&batchSize=128&seed=7`);
    expect(encodeViewHash('gan', { ...defaultFormValues('gan'), digit: '3' })).toBe(`#v=${SCHEMA_VERSION}&w=gan&digit=3`);
    expect(encodeViewHash('lab', { ...defaultFormValues('lab'), model: 'tiny', backends: ['webgpu', 'wasm'] })).toBe(`#v=${SCHEMA_VERSION}&view=lab&model=tiny&backends=webgpu,wasm`);
    expect(encodeViewHash('history', null)).toBe(`#v=${SCHEMA_VERSION}&view=history`);
  });

  it('gives every field its default where the link names none', () => {
    for (const view of VIEW_IDS) {
      const decoded = decodeViewHash(encodeViewHash(view, defaultFormValues(view)));
      expect(decoded).toMatchObject({ view, values: defaultFormValues(view), errors: [] });
    }
    expect(decodeViewHash('')).toMatchObject({ view: 'train', values: defaultFormValues('train'), errors: [], version: SCHEMA_VERSION });
    expect(decodeViewHash('#')).toMatchObject({ view: 'train', errors: [] });
  });

  it('refuses, for every numeric field, the values just outside its limits, with the table’s own message', () => {
    for (const view of VIEW_IDS) {
      const form = VIEWS[view].form;
      if (!form) continue;
      for (const [key, field] of Object.entries(FORMS[form].fields)) {
        if (field.kind !== 'int' && field.kind !== 'float') continue;
        const step = field.kind === 'int' ? 1 : field.min === 0 ? 1e-9 : field.min / 2;
        for (const outside of [field.min - step, field.max + (field.kind === 'int' ? 1 : field.max)]) {
          const reading = readField(field, String(outside));
          expect(reading.ok).toBe(false);
          const decoded = decodeViewHash(`${encodeViewHash(view, null)}&${key}=${outside}`);
          expect(decoded.errors).toEqual([!reading.ok && refusalMessage(FORMS[form], key, reading.refusal)]);
          expect(decoded.values?.[key]).toEqual(field.default);
        }
      }
    }
  });

  it('reads a v1 link: migrates lr, batch and b before decoding', () => {
    expect(Object.keys(MIGRATIONS).map(Number)).toEqual([1, 2, 3]);
    for (const { hash, expected } of V1_LINKS) {
      const decoded = decodeViewHash(hash);
      expect(decoded.version).toBe(1);
      expect(english(decoded.errors)).toEqual([]);
      expect({ workload: 'cnn', ...decoded.values }).toEqual(expected);
    }
  });

  it.each(V2_LINKS)('reads the v2 link $name as it meant then', ({ hash, view, values }) => {
    const decoded = decodeViewHash(hash);
    expect(decoded.version).toBe(2);
    expect(english(decoded.errors)).toEqual([]);
    expect(decoded.view).toBe(view);
    expect(decoded.values).toEqual(values);
  });

  it('does not apply the v1 renames to a later link', () => {
    const decoded = decodeViewHash(`#v=${SCHEMA_VERSION}&w=cnn&lr=0.5`);
    expect(english(decoded.errors)).toEqual(["Unknown setting 'lr' ignored"]);
    expect(decoded.values).toEqual(defaultFormValues('train'));
  });

  const OVERSIZED_HASH = `#v=3&w=cnn&seed=1${'&x=1'.repeat(MAX_HASH_CHARS / 4)}`;
  const hostile: [string, string, string[]][] = [
    ['a link truncated mid-value', '#v=3&w=cnn&batchSize=128&backend=webg', ["Backend must be one of cpu, wasm, webgl, webgpu (got 'webg')"]],
    ['unknown key', '#v=3&w=cnn&foo=1&bar', ["Unknown setting 'foo' ignored", "Unknown setting 'bar' ignored"]],
    ['script in an enum field', '#v=3&w=cnn&backend=%3Cscript%3Ealert(1)%3C%2Fscript%3E', ["Backend must be one of cpu, wasm, webgl, webgpu (got '<script>alert(1)</script>')"]],
    ['1e308', '#v=3&w=cnn&batchSize=1e308', ["Batch size must be between 1 and 4096 examples (got '1e308')"]],
    ['negative size', '#v=3&w=cnn&batchSize=-5', ["Batch size must be between 1 and 4096 examples (got '-5')"]],
    ['NaN', '#v=3&w=cnn&learningRate=NaN', ["Learning rate must be a number (got 'NaN')"]],
    ['Infinity', '#v=3&w=cnn&epochs=Infinity', ["Epochs must be a number (got 'Infinity')"]],
    ['hex number', '#v=3&w=cnn&epochs=0x10', ["Epochs must be a number (got '0x10')"]],
    ['fraction for an int', '#v=3&w=cnn&seed=1.5', ["Seed must be a whole number (got '1.5')"]],
    ['empty value', '#v=3&w=cnn&seed=', ["Seed must be a number (got '')"]],
    ['unknown workload', '#v=3&w=rnn&batchSize=32', ["Unknown workload 'rnn' ignored"]],
    ['future version', '#v=9&w=cnn', [`This link comes from a newer version of the app (format 9, this page reads ${SCHEMA_VERSION}); some parts may not be read`]],
    ['unreadable version', '#v=two&w=cnn', [`This link has an unreadable version; it was read as version ${SCHEMA_VERSION}`]],
    ['duplicate key', '#v=3&w=cnn&seed=1&seed=2', ["Setting 'seed' appears more than once; the first value was used"]],
    ['bad percent-encoding', '#v=3&w=cnn&model=%E0%A4%A', ["Setting 'model=%E0%A4%A' is not properly URL-encoded and was ignored"]],
    ['unknown backend in a race', '#v=3&view=lab&backends=cpu,cuda', ["Backends must be a list of cpu, wasm, webgl, webgpu (got 'cpu,cuda')"]],
    ['repeated backend in a race', '#v=3&view=lab&backends=cpu,cpu', ["Backends lists cpu twice (got 'cpu,cpu')"]],
    ['empty race', '#v=3&view=lab&backends=', ["Backends must list between 1 and 4 of cpu, wasm, webgl, webgpu (got '')"]],
    ['race steps out of range', '#v=3&view=lab&measuredSteps=5000&warmupSteps=0', [
      "Warm-up steps must be between 1 and 100 steps (got '0')",
      "Measured steps must be between 2 and 1000 steps (got '5000')",
    ]],
    ['a sweep range upside down', '#v=3&view=lab&matmulFrom=1024&matmulTo=64', ['Matrix size from (1024) must not be above Matrix size to (64)']],
    ['a size that is no power of two', '#v=3&view=lab&batchFrom=48', ["Batch size from must be a power of two (got '48')"]],
    ['a race key in the CNN view', '#v=3&w=cnn&warmupSteps=3', ["Unknown setting 'warmupSteps' ignored"]],
    ['markup as a view', '#v=3&w=cnn&view=%3Cimg%20src%3Dx%3E', ["There is no view '<img src=x>'; showing Train a CNN instead"]],
    ['oversized value', `#v=3&w=cnn&model=${'a'.repeat(MAX_VALUE_CHARS + 1)}`, [`Setting 'model' is longer than ${MAX_VALUE_CHARS} characters and was ignored`]],
    ['oversized key', `#v=3&w=cnn&${'k'.repeat(65)}=1`, ['A setting name longer than 64 characters was ignored']],
    ['oversized hash', OVERSIZED_HASH, [`The link is too long (${OVERSIZED_HASH.length - 1} characters; the limit is ${MAX_HASH_CHARS}) and was not read`]],
    ['prototype keys', '#v=3&w=cnn&__proto__=1&constructor=2', ["Unknown setting '__proto__' ignored", "Unknown setting 'constructor' ignored"]],
  ];

  it.each(hostile)('survives %s with a specific message and defaults elsewhere', (_name, hash, errors) => {
    const decoded = decodeViewHash(hash);
    expect(english(decoded.errors)).toEqual(errors);
    expectUsable(decoded.view, decoded.values);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps what it could read next to what it could not', () => {
    const decoded = decodeViewHash('#v=3&w=gan&model=dcgan&batchSize=-1&digit=7&evil=%3Cscript%3E');
    expect(decoded.values).toEqual({ ...defaultFormValues('gan'), model: 'dcgan', digit: '7' });
    expect(decoded.errors).toHaveLength(2);
  });

  it('caps a flood of problems at a readable list', () => {
    const hash = `#v=3&${Array.from({ length: 500 }, (_, i) => `k${i}=1`).join('&')}`;
    const errors = decodeViewHash(hash).errors;
    expect(errors).toHaveLength(13);
    expect(english(errors[12])).toBe('…and 488 more problems');
  });

  it('hands back a shared result untouched, whatever view it opens in', () => {
    expect(decodeViewHash('#v=2&w=cnn&view=lab&r=abc_-').resultPayload).toBe('abc_-');
    expect(decodeViewHash('#v=3&w=cnn').resultPayload).toBeNull();
  });
});

describe('the page’s own settings in the hash', () => {
  it('ride along with every view, after its form, only when not at their defaults', () => {
    const page = { present: 'on', lesson: 'gan-digits', step: 2 };
    expect(encodeViewHash('gan', { ...defaultFormValues('gan'), digit: '3' }, page)).toBe(`#v=${SCHEMA_VERSION}&w=gan&digit=3&present=on&lesson=gan-digits&step=2`);
    expect(encodeViewHash('history', null, { present: 'off', lesson: 'none', step: 1 })).toBe(`#v=${SCHEMA_VERSION}&view=history`);
    for (const view of VIEW_IDS) {
      const decoded = decodeViewHash(encodeViewHash(view, defaultFormValues(view), page));
      expect(decoded).toMatchObject({ view, page, errors: [] });
    }
  });

  it('carry the language, lang=zh-CN, and refuse one the page does not speak', () => {
    expect(decodeViewHash(`#v=${SCHEMA_VERSION}&w=cnn&lang=zh-CN`)).toMatchObject({ page: { lang: 'zh-CN' }, errors: [] });
    expect(encodeViewHash('train', defaultFormValues('train'), { present: 'off', lesson: 'none', step: 1, lang: 'zh-CN' })).toBe(`#v=${SCHEMA_VERSION}&w=cnn&lang=zh-CN`);
    const french = decodeViewHash(`#v=${SCHEMA_VERSION}&lang=fr`);
    expect(french).toMatchObject({ page: { lang: 'auto' } });
    expect(english(french.errors)).toEqual(["Language must be one of auto, en, zh-CN (got 'fr')"]);
  });

  it('read a v3 Train link with the seed-run defaults it left out, and a v4 one with the quick run', () => {
    expect(decodeViewHash('#v=3&w=cnn&seed=7').values).toMatchObject({ model: 'classic', epochs: 5, trainExamples: 60_000, testExamples: 10_000, batchSize: 64, seed: 7 });
    expect(decodeViewHash('#v=3&w=cnn&seed=7&lesson=train-cnn').values).toMatchObject({ model: 'tiny', epochs: 1 });
    expect(decodeViewHash('#lesson=memory-batch&step=3').values).toMatchObject({ batchSize: 32 });
    expect(decodeViewHash('#v=3&w=cnn&model=large&epochs=2').values).toMatchObject({ model: 'large', epochs: 2, trainExamples: 60_000 });
    expect(decodeViewHash(`#v=${SCHEMA_VERSION}&w=cnn&seed=7`).values).toMatchObject({ model: 'tiny', epochs: 1, trainExamples: 30_000, testExamples: 2_000, batchSize: 32 });
    expect(decodeViewHash('#v=3&w=gan&steps=200').values).toMatchObject({ steps: 200 });
  });

  it('are refused like any setting, with the table’s message', () => {
    const decoded = decodeViewHash('#v=3&w=cnn&present=yes&lesson=hack&step=0');
    expect(decoded.page).toEqual({ present: 'off', lesson: 'none', step: 1, lang: 'auto' });
    expect(english(decoded.errors)).toEqual([
      "Presentation mode must be one of off, on (got 'yes')",
      expect.stringMatching(/^Lesson must be one of none, matmul-race, .* \(got 'hack'\)$/),
      "Lesson step must be between 1 and 12 (got '0')",
    ]);
  });

  it('never share a URL key with any form, and a lesson document is its own reserved key', () => {
    const pageKeys = Object.keys(PAGE_TABLE.fields);
    for (const table of Object.values(FORMS)) for (const key of Object.keys(table.fields)) expect(pageKeys).not.toContain(key);
    expect(decodeViewHash('#v=3&view=lab&ld=abc')).toMatchObject({ lessonPayload: 'abc', errors: [] });
  });

  it('carry a class board as its own reserved key, as long as a result payload may be', () => {
    const payload = 'A'.repeat(MAX_VALUE_CHARS + 10);
    expect(decodeViewHash(`#v=4&view=board&bd=${payload}`)).toMatchObject({ view: 'board', values: null, boardPayload: payload, resultPayload: null, errors: [] });
  });
});
