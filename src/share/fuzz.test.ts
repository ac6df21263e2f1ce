import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { deflate, toBase64Url } from './bytes';
import { typicalRaceResult } from './fixtures/typicalRace';
import { LESSONS } from '../config/lessons';
import { PAGE_TABLE } from '../config/pageConfig';
import { isPanelOf } from '../config/panels';
import { readField } from '../config/schema';
import { FORMS, formTable, VIEWS } from '../config/views';
import { decodeViewHash, defaultFormValues, encodeViewHash, type DecodedHash } from './hashState';
import { lessonDocument, validateLesson, type LessonReading } from './lessonDoc';
import { decodeLessonPayload, encodeLessonPayload } from './lessonLink';
import { lessonStartHash } from './lessonState';
import { decodeResultLink, encodeResultLink, type DecodedResult } from './linkCodec';
import { validateSharedResult, type SharedResult } from './resultDoc';
import { ownSetResult } from './fixtures/ownDataset';
import { raceOfBothEngines } from './fixtures/engineResults';
import { isOwnDatasetOf } from './ownDatasetFacts';
import { english, sayable } from '../i18n/testing/english';
import { BASE64URL_CHARS, edits, mutate } from './testing/mutations';

const RUNS = 1_000;
/** Properties that also count outcomes run from a fixed seed, so the counts cannot flake. */
const COUNTED_SEED = 20_250_131;

/** What every decoded link must satisfy, whatever went in: a view, and a form every value of which the form accepts. */
function expectUsableSettings(decoded: DecodedHash): void {
  expect(Number.isInteger(decoded.version)).toBe(true);
  expect(decoded.errors.every(sayable)).toBe(true);
  for (const [key, field] of Object.entries(PAGE_TABLE.fields)) expect(readField(field, decoded.page[key]).ok).toBe(true);
  const form = VIEWS[decoded.view].form;
  if (!form) {
    expect(decoded.values).toBeNull();
    return;
  }
  for (const [key, field] of Object.entries(FORMS[form].fields)) expect(readField(field, decoded.values?.[key]).ok).toBe(true);
}

/** A decoded result is either nothing (with a reason) or a document that reads back with no complaint. */
function expectUsableResult(decoded: DecodedResult): void {
  expect(decoded.errors.every(sayable)).toBe(true);
  if (decoded.result === null) expect(decoded.errors.length).toBeGreaterThan(0);
  else expect(english(validateSharedResult(JSON.parse(JSON.stringify(decoded.result))).errors)).toEqual([]);
}

/**
 * A decoded lesson is either nothing (with a reason) or one that reads back with no complaint, every
 * step's settings accepted by its view's form and every panel one its view has.
 */
function expectUsableLesson(decoded: LessonReading): void {
  expect(decoded.errors.every(sayable)).toBe(true);
  if (decoded.lesson === null) {
    expect(decoded.errors.length).toBeGreaterThan(0);
    return;
  }
  expect(english(validateLesson(JSON.parse(JSON.stringify(lessonDocument(decoded.lesson)))).errors)).toEqual([]);
  for (const step of decoded.lesson.steps) {
    const form = VIEWS[step.view].form;
    for (const [key, value] of Object.entries(step.settings)) expect(form !== null && readField(formTable(form).fields[key], value).ok).toBe(true);
    for (const panel of step.panels) expect(isPanelOf(step.view, panel)).toBe(true);
  }
}

const settingKeys = [...Object.values(FORMS).flatMap((t) => Object.keys(t.fields)), ...Object.keys(PAGE_TABLE.fields), 'v', 'w', 'r', 'ld', 'bd', 'view', 'lr', '__proto__'];
const hashLike = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...settingKeys), fc.string()), fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom('cpu', 'gan', 'lab', 'inspect', 'history', 'board', 'on', 'matmul-race', '1', '-0', '1e308'))), { maxLength: 12 })
  .map((pairs) => `#${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);

describe('no input makes the decoders throw', () => {
  let settingsLink = '';
  let resultLink = '';
  beforeAll(async () => {
    settingsLink = encodeViewHash('lab', { ...defaultFormValues('lab'), model: 'tiny', batchSize: 128, backends: ['webgl', 'wasm'], matmulTo: 512, everyK: 3 });
    resultLink = await encodeResultLink(typicalRaceResult());
  });

  it(`decodeViewHash on ${RUNS} random strings and ${RUNS} hash-shaped ones`, () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => expectUsableSettings(decodeViewHash(s))), { numRuns: RUNS });
    fc.assert(fc.property(hashLike, (s) => expectUsableSettings(decodeViewHash(s))), { numRuns: RUNS });
  });

  it(`decodeViewHash on ${RUNS} mutated valid links`, () => {
    expect(english(decodeViewHash(settingsLink).errors)).toEqual([]);
    fc.assert(fc.property(edits, (e) => expectUsableSettings(decodeViewHash(mutate(settingsLink, e)))), { numRuns: RUNS });
  });

  it(`decodeResultLink on ${RUNS} random strings`, async () => {
    const randomText = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: fc.constantFrom(...BASE64URL_CHARS), maxLength: 400 }));
    await fc.assert(fc.asyncProperty(randomText, async (s) => expectUsableResult(await decodeResultLink(s))), { numRuns: RUNS });
  });

  it(`decodeResultLink and decodeViewHash on ${RUNS} mutated valid result links`, async () => {
    expect(english((await decodeResultLink(resultLink)).errors)).toEqual([]);
    let readable = 0;
    await fc.assert(
      fc.asyncProperty(edits, async (e) => {
        const link = mutate(resultLink, e);
        expectUsableSettings(decodeViewHash(link));
        const decoded = await decodeResultLink(link);
        expectUsableResult(decoded);
        if (decoded.result) readable++;
      }),
      { numRuns: RUNS, seed: COUNTED_SEED },
    );
    // Both paths were exercised: some mutations still read, others are refused.
    console.log(`mutated result links: ${readable} of ${RUNS} still read (with or without warnings)`);
    expect(readable).toBeGreaterThan(0);
    expect(readable).toBeLessThan(RUNS);
  });

  it(`decodeResultLink on ${RUNS} results whose JSON was mutated before compression`, async () => {
    const json = JSON.stringify(typicalRaceResult());
    const outcomes = { clean: 0, warned: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(edits, async (e) => {
        const payload = toBase64Url(await deflate(new TextEncoder().encode(mutate(json, e))));
        const decoded = await decodeResultLink(`#r=${payload}`);
        expectUsableResult(decoded);
        outcomes[decoded.result === null ? 'refused' : decoded.errors.length === 0 ? 'clean' : 'warned']++;
      }),
      { numRuns: RUNS, seed: COUNTED_SEED },
    );
    console.log(`mutated result JSON: ${JSON.stringify(outcomes)}`);
    expect(outcomes.warned).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it(`validateSharedResult on ${RUNS} results with one part replaced by random JSON`, () => {
    const doc = JSON.parse(JSON.stringify(typicalRaceResult())) as unknown;
    const paths = pathsOf(doc, 4);
    const replacement = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(-5, 1e308, '', '<script>', '__proto__', null, [], {}));
    readPatched(doc, paths, replacement, () => undefined);
  });
});

describe('no own data set in a result makes the reader throw or keep what it should not', () => {
  it(`validateSharedResult on ${RUNS} own-set results with a part of the set's facts or the data set replaced by random JSON`, () => {
    const doc = JSON.parse(JSON.stringify(ownSetResult())) as Record<string, unknown>;
    const paths = [['config', 'dataset'], ...pathsOf(doc.ownDataset, 2, ['ownDataset'])];
    const replacement = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(-5, 0, 1, 2.5, 1e308, 60_001, '', 'x'.repeat(81), 'a\u2028b', 'F'.repeat(64), 'f'.repeat(64), 'mnist', 'own:ffffffffffffffff', '__proto__', null, [], {}),
    );
    let kept = 0;
    readPatched(
      doc,
      paths,
      replacement,
      (result) => {
        // Facts are only ever kept of the set the run used.
        if (result?.ownDataset) {
          kept++;
          expect(isOwnDatasetOf(result.ownDataset, result.config.dataset)).toBe(true);
        }
      },
      COUNTED_SEED,
    );
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(RUNS);
  });

  it(`decodeResultLink on ${RUNS} own-set results whose JSON was mutated before compression`, async () => {
    const json = JSON.stringify(ownSetResult());
    await fc.assert(
      fc.asyncProperty(edits, async (e) => {
        const payload = toBase64Url(await deflate(new TextEncoder().encode(mutate(json, e))));
        expectUsableResult(await decodeResultLink(`#r=${payload}`));
      }),
      { numRuns: RUNS, seed: COUNTED_SEED },
    );
  });
});

describe('no engine in a result makes the reader throw or call a lane the app’s engine that is not', () => {
  it(`validateSharedResult on ${RUNS} races of both WebGPU lanes with an engine, a backend, the race’s engines or the run’s engine replaced by random JSON`, () => {
    const doc = JSON.parse(JSON.stringify(raceOfBothEngines())) as unknown;
    const paths = [...[0, 1, 2, 3].flatMap((i) => [['rows', i, 'engine'], ['rows', i, 'backend']]), ['race', 'webgpuEngines'], ['config', 'gpuEngine'], ['race', 'backends']];
    const replacement = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('app', 'tfjs', 'both', 'APP', 'webgpu', 'webgpu-tfjs', 'webgl', '', '__proto__', null, [], {}, ['app']));
    const outcomes = { app: 0, none: 0 };
    readPatched(
      doc,
      paths,
      replacement,
      (result) => {
        // The app's engine is said of WebGPU rows only, and only where the link said exactly that.
        for (const row of result?.rows ?? []) if (row.engine !== undefined) expect([row.engine, row.backend]).toEqual(['app', 'webgpu']);
        outcomes[result?.rows.some((r) => r.engine === 'app') ? 'app' : 'none']++;
      },
      COUNTED_SEED,
    );
    expect(outcomes.app).toBeGreaterThan(0);
    expect(outcomes.none).toBeGreaterThan(0);
  });
});

describe('no lesson link makes the decoders throw, and every lesson they return can run', () => {
  let lessonLink = '';
  beforeAll(async () => {
    const lesson = LESSONS['train-cnn'];
    lessonLink = lessonStartHash(lesson, { payload: await encodeLessonPayload(lesson) }, true);
  });

  it(`decodeLessonPayload on ${RUNS} random strings`, async () => {
    const randomText = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: fc.constantFrom(...BASE64URL_CHARS), maxLength: 400 }));
    await fc.assert(fc.asyncProperty(randomText, async (s) => expectUsableLesson(await decodeLessonPayload(s))), { numRuns: RUNS });
  });

  it(`decodeLessonPayload and decodeViewHash on ${RUNS} mutated valid lesson links`, async () => {
    expect(english((await decodeLessonPayload(lessonLink)).errors)).toEqual([]);
    expect(english(decodeViewHash(lessonLink).errors)).toEqual([]);
    let readable = 0;
    await fc.assert(
      fc.asyncProperty(edits, async (e) => {
        const link = mutate(lessonLink, e);
        expectUsableSettings(decodeViewHash(link));
        const decoded = await decodeLessonPayload(link);
        expectUsableLesson(decoded);
        if (decoded.lesson) readable++;
      }),
      { numRuns: RUNS, seed: COUNTED_SEED },
    );
    console.log(`mutated lesson links: ${readable} of ${RUNS} still read (with or without warnings)`);
    expect(readable).toBeGreaterThan(0);
    expect(readable).toBeLessThan(RUNS);
  });

  it(`decodeLessonPayload on ${RUNS} lessons whose JSON was mutated before compression`, async () => {
    const json = JSON.stringify(lessonDocument(LESSONS['matmul-race']));
    const outcomes = { clean: 0, warned: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(edits, async (e) => {
        const payload = toBase64Url(await deflate(new TextEncoder().encode(mutate(json, e))));
        const decoded = await decodeLessonPayload(`#ld=${payload}`);
        expectUsableLesson(decoded);
        outcomes[decoded.lesson === null ? 'refused' : decoded.errors.length === 0 ? 'clean' : 'warned']++;
      }),
      { numRuns: RUNS, seed: COUNTED_SEED },
    );
    console.log(`mutated lesson JSON: ${JSON.stringify(outcomes)}`);
    expect(outcomes.warned).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it(`validateLesson on ${RUNS} lessons with one part replaced by random JSON`, () => {
    const doc = JSON.parse(JSON.stringify(lessonDocument(LESSONS['memory-batch']))) as unknown;
    const paths = pathsOf(doc, 4);
    const replacement = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(-5, 1e308, '', '<script>', '__proto__', 'lab', 'inspect', '4096', null, [], {}));
    fc.assert(
      fc.property(fc.constantFrom(...paths), replacement, (path, value) => {
        const patched = structuredClone(doc);
        setAt(patched, path, value);
        expectUsableLesson(validateLesson(patched));
      }),
      { numRuns: RUNS },
    );
  });
});

/** Reads RUNS copies of a result document, each with the value at one of `paths` replaced, through the validator; `check` sees each reading. */
function readPatched(doc: unknown, paths: (string | number)[][], replacement: fc.Arbitrary<unknown>, check: (result: SharedResult | null) => void, seed?: number): void {
  fc.assert(
    fc.property(fc.constantFrom(...paths), replacement, (path, value) => {
      const patched = structuredClone(doc);
      setAt(patched, path, value);
      const { result, errors } = validateSharedResult(patched);
      expectUsableResult({ result, errors });
      check(result);
    }),
    { numRuns: RUNS, ...(seed === undefined ? {} : { seed }) },
  );
}

function pathsOf(value: unknown, depth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || typeof value !== 'object' || value === null) return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.slice(0, 3).map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<string | number, unknown>)[k], depth - 1, [...prefix, k]))];
}

function setAt(root: unknown, path: (string | number)[], value: unknown): void {
  if (path.length === 0) return;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
}
