import { SCHEMA_VERSION } from './migrations';
import { describe, expect, it } from 'vitest';
import { deflate, toBase64Url } from './bytes';
import { typicalRaceResult } from './fixtures/typicalRace';
import { settingsRecordOf } from '../config/workloads';
import { labSettingsOfRace } from './resultSettings';
import { decodeViewHash, MAX_HASH_CHARS } from './hashState';
import { decodeResultLink, encodeResultLink, hasResultParam, MAX_DECOMPRESSED_BYTES, MAX_LINK_CHARS } from './linkCodec';
import { MAX_CURVE_POINTS, MAX_JSON_DEPTH, type SharedResult } from './resultDoc';
import { english, englishError } from '../i18n/testing/english';
import { ownSetResult, SHAPES_FACTS, SHAPES_ID } from './fixtures/ownDataset';

/** What the brief asks a typical race link to stay under, characters. */
const TYPICAL_RACE_LINK_TARGET = 8_000;

async function payloadOf(content: string | Uint8Array): Promise<string> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return toBase64Url(await deflate(bytes));
}

function resultWith(patch: (doc: Record<string, unknown>) => void): string {
  const doc = JSON.parse(JSON.stringify(typicalRaceResult())) as Record<string, unknown>;
  patch(doc);
  return JSON.stringify(doc);
}

/** A race with every curve per backend: 9 curves of 300 points, app and bare rows. */
function heavyRace(): SharedResult {
  const base = typicalRaceResult();
  const curves = ['cpu', 'webgl', 'webgpu'].flatMap((backend, b) =>
    base.curves.map((c) => ({ name: `${c.name} (${backend})`, points: c.points.map(([x, y]) => [x, Number((y * (1 + 0.37 * b)).toPrecision(4))] as [number, number]) })),
  );
  return { ...base, curves, rows: [...base.rows, ...base.rows.map((r) => ({ ...r, loop: 'bare' as const }))] };
}

describe('result links', () => {
  it('round-trips a typical race, settings included, and stays short enough to paste', async () => {
    const result = typicalRaceResult();
    const link = await encodeResultLink(result);
    const json = JSON.stringify(result);
    console.log(
      `typical race (3 backends, 3 curves x ${MAX_CURVE_POINTS} points, ${Object.keys(result.device).length} device fields): ` +
        `JSON ${json.length} chars -> link ${link.length} chars (target ${TYPICAL_RACE_LINK_TARGET}, hard limit ${MAX_LINK_CHARS})`,
    );
    expect(link.length).toBeLessThanOrEqual(TYPICAL_RACE_LINK_TARGET);
    // Its settings repeat its lanes: this race ran TensorFlow.js's WebGPU only.
    expect(link).toMatch(/^#v=4&view=lab&warmupSteps=3&measuredSteps=20&backends=cpu,webgl,webgpu&webgpuEngines=tfjs&r=[A-Za-z0-9_-]+$/);
    expect(hasResultParam(link)).toBe(true);
    expect(await decodeResultLink(link)).toEqual({ result, errors: [] });
    expect(decodeViewHash(link)).toMatchObject({ view: 'lab', values: labSettingsOfRace(result), errors: [] });
  });

  it('carries non-default settings in the readable part of the link too', async () => {
    const result = { ...typicalRaceResult(), race: null, config: { ...typicalRaceResult().config, batchSize: 256 } };
    const link = await encodeResultLink(result);
    expect(link.startsWith('#v=4&w=cnn&model=classic&batchSize=256&epochs=5&trainExamples=60000&testExamples=10000&r=')).toBe(true);
    expect(decodeViewHash(link)).toMatchObject({ view: 'train', values: settingsRecordOf(result.config), errors: [] });
    expect((await decodeResultLink(link)).result?.config.batchSize).toBe(256);
  });

  it('accepts the bare payload as well as the whole hash', async () => {
    const link = await encodeResultLink(typicalRaceResult());
    const payload = link.slice(link.indexOf('&r=') + 3);
    expect(english((await decodeResultLink(payload)).errors)).toEqual([]);
  });

  it('fits a heavier race under the hard limit by thinning its curves', async () => {
    const heavy = heavyRace();
    const link = await encodeResultLink(heavy);
    const { result, errors } = await decodeResultLink(link);
    console.log(`heavy race (9 curves x ${MAX_CURVE_POINTS} points, 6 rows): link ${link.length} chars, ${result?.curves[0].points.length} points per curve after thinning`);
    expect(link.length).toBeLessThanOrEqual(MAX_LINK_CHARS);
    expect(english(errors)).toEqual([]);
    expect(result?.curves).toHaveLength(9);
    expect(result?.rows).toEqual(heavy.rows);
  });

  it('carries an own data set’s name, size and hash, never its images; an older link naming only its id still opens', async () => {
    const result = ownSetResult();
    const link = await encodeResultLink(result);
    expect(link).toContain(`dataset=${encodeURIComponent(SHAPES_ID)}`);
    expect(await decodeResultLink(link)).toMatchObject({ result: { config: { dataset: SHAPES_ID }, ownDataset: SHAPES_FACTS }, errors: [] });
    const { ownDataset: _facts, ...older } = result;
    const opened = await decodeResultLink(await encodeResultLink(older));
    expect(opened.errors).toEqual([]);
    expect(opened.result?.config.dataset).toBe(SHAPES_ID);
    expect(opened.result).not.toHaveProperty('ownDataset');
  });

  it('opens a result whose own data set facts are refused, with the sentence, and without them', async () => {
    const doc = JSON.parse(JSON.stringify(ownSetResult())) as Record<string, unknown>;
    doc.ownDataset = { ...SHAPES_FACTS, hash: 'f'.repeat(64), classes: 10_000 };
    const { result, errors } = await decodeResultLink(`#r=${await payloadOf(JSON.stringify(doc))}`);
    expect(result?.config.dataset).toBe(SHAPES_ID);
    expect(result).not.toHaveProperty('ownDataset');
    expect(english(errors)).toEqual([
      "The data set of your own was dropped: classes must be a whole number from 2 to 100 (got '10000')",
      `The data set of your own was dropped: its hash is not that of ${SHAPES_ID}, the data set the run used`,
    ]);
  });

  it('refuses to encode a result that would not read back', async () => {
    const bad = { ...typicalRaceResult(), rows: [{ ...typicalRaceResult().rows[0], gflops: NaN }] };
    expect(englishError(await encodeResultLink(bad).catch((err: unknown) => err))).toMatch(/^This result cannot be shared: summary row 1 was dropped: gflops/);
  });

  const cases: [string, () => Promise<string>, string[]][] = [
    ['a link without a result', async () => '#v=2&w=cnn&batchSize=32', ['This link carries no shared result']],
    ['characters outside base64url', async () => '#r=abc!def', ["The shared result is damaged: it is not valid base64url text (starts 'abc!def')"]],
    ['an impossible base64 length', async () => '#r=abcde', ["The shared result is damaged: it is not valid base64url text (starts 'abcde')"]],
    ['a truncated link', async () => {
      const link = await encodeResultLink(typicalRaceResult());
      return link.slice(0, link.length - ((link.length % 4) + 400));
    }, ['The shared result is damaged: its compressed data is truncated or corrupt']],
    ['bytes that are not deflate data', async () => `#r=${toBase64Url(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x00, 0x13, 0x37]))}`, [
      'The shared result is damaged: its compressed data is truncated or corrupt',
    ]],
    ['a decompression bomb', async () => `#r=${await payloadOf(' '.repeat(2 * MAX_DECOMPRESSED_BYTES))}`, [
      'The shared result expands past 1 MB and was not read',
    ]],
    ['bytes that are not UTF-8', async () => `#r=${await payloadOf(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))}`, [
      'The shared result is damaged: it does not decode to UTF-8 text',
    ]],
    ['text that is not JSON', async () => `#r=${await payloadOf('{"version":2,')}`, ['The shared result is damaged: it is not valid JSON']],
    ['10,000-deep nested JSON', async () => `#r=${await payloadOf(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)}`, [
      `The shared result is nested more than ${MAX_JSON_DEPTH} levels deep and was not read`,
    ]],
    ['an oversized result', async () => `#r=${'A'.repeat(MAX_LINK_CHARS + 1)}`, [
      `The shared result is too long (${MAX_LINK_CHARS + 1} characters; the limit is ${MAX_LINK_CHARS}) and was not read`,
    ]],
    ['an oversized hash', async () => `#${'x'.repeat(MAX_HASH_CHARS + 1)}`, [
      `The link is too long (${MAX_HASH_CHARS + 2} characters; the limit is ${MAX_HASH_CHARS}) and was not read`,
    ]],
  ];

  it.each(cases)('reports %s with one specific message and no result', async (_name, makeLink, errors) => {
    const read = await decodeResultLink(await makeLink());
    expect(read.result).toBeNull();
    expect(english(read.errors)).toEqual(errors);
  });

  const tampered: [string, (d: Record<string, unknown>) => void, string[]][] = [
    ['a future version', (d) => (d.version = 7), [
      `The shared result comes from a newer version of the app (format 7, this page reads ${SCHEMA_VERSION}); some parts may not be read`,
    ]],
    ['a tampered figure', (d) => ((d.rows as Record<string, unknown>[])[2].examplesPerSec = -1), [
      "Summary row 3 was dropped: examplesPerSec must be a number between 0 and 1000000000000 (got '-1')",
    ]],
    ['a script in a device field', (d) => ((d.device as Record<string, unknown>)['webgl.renderer'] = '<script>alert(1)</script>'), []],
  ];

  it.each(tampered)('reads a re-encoded link with %s, keeping the rest', async (_name, patch, errors) => {
    const { result, errors: got } = await decodeResultLink(`#r=${await payloadOf(resultWith(patch))}`);
    expect(english(got)).toEqual(errors);
    expect(result?.curves).toHaveLength(3);
    if (errors.length === 0) expect(result?.device['webgl.renderer']).toBe('<script>alert(1)</script>');
  });
});
