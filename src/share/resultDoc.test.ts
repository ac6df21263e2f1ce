import { describe, expect, it } from 'vitest';
import { typicalRaceResult } from './fixtures/typicalRace';
import { SCHEMA_VERSION } from './migrations';
import {
  compactCurve,
  makeSharedResult,
  MAX_CURVE_POINTS,
  MAX_DEVICE_TEXT_CHARS,
  MAX_JSON_DEPTH,
  MAX_JSON_NODES,
  MAX_ROWS,
  sharedResultToJson,
  validateSharedResult,
  type SharedResult,
} from './resultDoc';
import { defaultCnnConfig } from '../config/cnnConfig';
import { defaultGanConfig } from '../config/ganConfig';
import { english } from '../i18n/testing/english';

/** The typical result as plain JSON data (what a link or a file gives), with one part replaced. */
function docWith(patch: (doc: Record<string, unknown>) => void): Record<string, unknown> {
  const doc = JSON.parse(JSON.stringify(typicalRaceResult())) as Record<string, unknown>;
  patch(doc);
  return doc;
}

function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const firstRow = (doc: Record<string, unknown>) => (doc.rows as Record<string, unknown>[])[0];
const device = (doc: Record<string, unknown>) => doc.device as Record<string, unknown>;

describe('building a shared result', () => {
  it('downsamples every curve to at most 300 points, rounded, ends kept', () => {
    const result = typicalRaceResult();
    expect(result.curves).toHaveLength(3);
    for (const curve of result.curves) {
      expect(curve.points.length).toBe(MAX_CURVE_POINTS);
      for (const [, y] of curve.points) expect(Number(y.toPrecision(4))).toBe(y);
    }
    expect(result.curves[0].points[0][0]).toBe(3);
    expect(result.curves[0].points[MAX_CURVE_POINTS - 1][0]).toBe(6_000);
  });

  it('drops non-finite points (a diverged loss) instead of carrying them', () => {
    const curve = compactCurve('loss', [[1, 2.5], [2, NaN], [3, Infinity], [4, 0.123456]]);
    expect(curve.points).toEqual([[1, 2.5], [4, 0.1235]]);
  });

  it('copies its input and exports the same document as JSON', () => {
    const input = { config: defaultGanConfig(), rows: [], curves: [{ name: 'dLoss', points: [[1, 0.7]] as [number, number][] }], device: { list: ['a'] }, versions: {} };
    const result = makeSharedResult(input);
    (input.device.list as string[]).push('b');
    expect(result.device.list).toEqual(['a']);
    expect(JSON.parse(sharedResultToJson(result))).toEqual(result);
  });
});

describe('validateSharedResult', () => {
  it('accepts a well-formed result unchanged, as a fresh object', () => {
    const original = typicalRaceResult();
    const plain = JSON.parse(JSON.stringify(original)) as unknown;
    const { result, errors } = validateSharedResult(plain);
    expect(english(errors)).toEqual([]);
    expect(result).toEqual(original);
    expect(result).not.toBe(plain);
  });

  it('migrates a v1 configuration inside a result', () => {
    const doc = docWith((d) => {
      d.version = 1;
      d.config = { workload: 'cnn', b: 'cpu', batch: 256, lr: 0.02 };
    });
    const { result, errors } = validateSharedResult(doc);
    expect(english(errors)).toEqual([]);
    // A v1 result took the seed run's settings for granted, and ran TensorFlow.js's kernels (there was no other engine).
    expect(result?.config).toEqual({ ...defaultCnnConfig(), model: 'classic', epochs: 5, trainExamples: 60_000, testExamples: 10_000, backend: 'cpu', batchSize: 256, learningRate: 0.02, gpuEngine: 'tfjs' });
  });

  it('keeps a script in a text field as inert text', () => {
    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { result, errors } = validateSharedResult(docWith((d) => (device(d).renderer = script)));
    expect(english(errors)).toEqual([]);
    expect(result?.device.renderer).toBe(script);
  });

  it('never lets __proto__ or constructor keys reach a prototype', () => {
    const text = JSON.stringify(typicalRaceResult()).replace(
      '"device":{',
      '"device":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},',
    );
    const hostile = JSON.parse(`{"__proto__":{"polluted":true},${text.slice(1)}`) as unknown;
    const { result, errors } = validateSharedResult(hostile);
    expect(english(errors)).toEqual([
      "The shared result has a forbidden key '__proto__'; it was ignored",
      "The device report has a forbidden key '__proto__'; it was ignored",
      "The device report has a forbidden key 'constructor'; it was ignored",
    ]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result?.device)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(result?.device ?? {})).not.toContain('constructor');
  });

  const broken: [string, unknown, string[]][] = [
    ['null', null, ['The shared result is not an object and was not read']],
    ['a list', [1, 2], ['The shared result is not an object and was not read']],
    ['a string', '<script>', ['The shared result is not an object and was not read']],
    ['10,000-deep nesting', nested(10_000), [`The shared result is nested more than ${MAX_JSON_DEPTH} levels deep and was not read`]],
    ['deep nesting inside a field', docWith((d) => (d.device = { x: nested(50) })), [
      `The shared result is nested more than ${MAX_JSON_DEPTH} levels deep and was not read`,
    ]],
    ['too many values', docWith((d) => (d.rows = Array(MAX_JSON_NODES).fill(1))), [
      `The shared result holds more than ${MAX_JSON_NODES} values and was not read`,
    ]],
    ['an empty object', {}, [
      'The shared result has no valid date; it is shown without one',
      'The shared result has no configuration; defaults are shown',
      'The summary rows are missing',
      'The curves are missing',
      'The shared result holds no figures that could be read',
    ]],
  ];

  it.each(broken)('refuses %s as a whole, with a specific message', (_name, input, errors) => {
    const read = validateSharedResult(input);
    expect(read.result).toBeNull();
    expect(english(read.errors)).toEqual(errors);
  });

  const damagedParts: [string, (d: Record<string, unknown>) => void, string[], (r: SharedResult) => void][] = [
    ['1e308 in a row', (d) => (firstRow(d).gflops = 1e308), [
      "Summary row 1 was dropped: gflops must be a number between 0 and 1000000000 (got '1e+308')",
    ], (r) => expect(r.rows.map((row) => row.backend)).toEqual(['webgl', 'webgpu'])],
    ['a negative time', (d) => (firstRow(d).medianStepMs = -5), [
      "Summary row 1 was dropped: medianStepMs must be a number between 0 and 1000000000 (got '-5')",
    ], (r) => expect(r.rows).toHaveLength(2)],
    ['NaN (null in JSON)', (d) => (firstRow(d).p90StepMs = null), [
      "Summary row 1 was dropped: p90StepMs must be a number between 0 and 1000000000 (got 'null')",
    ], (r) => expect(r.rows).toHaveLength(2)],
    ['a script as a backend', (d) => (firstRow(d).backend = '<script>x</script>'), [
      "Summary row 1 was dropped: its backend must be one of cpu, wasm, webgl, webgpu (got '<script>x</script>')",
    ], (r) => expect(r.rows).toHaveLength(2)],
    ['an accuracy above 1', (d) => (firstRow(d).testAccuracy = 1.5), [
      "Summary row 1 was dropped: testAccuracy must be a number between 0 and 1 (got '1.5')",
    ], (r) => expect(r.rows).toHaveLength(2)],
    ['unknown keys', (d) => {
      d.extra = 1;
      firstRow(d).color = 'red';
    }, ["Unknown field 'extra' in the shared result ignored", "Unknown field 'color' in summary row 1 ignored"], (r) => expect(r.rows).toHaveLength(3)],
    ['too many rows', (d) => (d.rows = Array(MAX_ROWS + 4).fill(firstRow(d))), [
      `The summary rows hold ${MAX_ROWS + 4} items; only the first ${MAX_ROWS} were read`,
    ], (r) => expect(r.rows).toHaveLength(MAX_ROWS)],
    ['a curve over the point limit', (d) => ((d.curves as { points: unknown[] }[])[0].points = Array(MAX_CURVE_POINTS + 1).fill([1, 1])), [
      `Curve 'loss' was dropped: it has ${MAX_CURVE_POINTS + 1} points; the limit is ${MAX_CURVE_POINTS}`,
    ], (r) => expect(r.curves.map((c) => c.name)).toEqual(['examples/s', 'GPU bytes'])],
    ['steps going backwards', (d) => ((d.curves as { points: unknown[] }[])[1].points = [[5, 1], [4, 1]]), [
      "Curve 'examples/s' was dropped: its steps go backwards at point 2",
    ], (r) => expect(r.curves).toHaveLength(2)],
    ['a point that is not a pair', (d) => ((d.curves as { points: unknown[] }[])[2].points = [[1, 2, 3]]), [
      "Curve 'GPU bytes' was dropped: point 1 is not a [step, value] pair of numbers within ±1000000000000000",
    ], (r) => expect(r.curves).toHaveLength(2)],
    ['an oversized device text', (d) => (device(d).userAgent = 'x'.repeat(MAX_DEVICE_TEXT_CHARS + 1)), [
      "The device report: entry 'userAgent' has an invalid or oversized value and was dropped",
    ], (r) => expect(r.device.userAgent).toBeUndefined()],
    ['a nested device value', (d) => (device(d).gpu = { vendor: 'x' }), [
      "The device report: entry 'gpu' has an invalid or oversized value and was dropped",
    ], (r) => expect(r.device.gpu).toBeUndefined()],
    ['too many device entries', (d) => {
      for (let i = 0; i < 30; i++) device(d)[`extra${i}`] = i;
    }, ["The device report is too large; entries from 'extra24' on were dropped"], (r) => expect(Object.keys(r.device)).toHaveLength(64)],
    ['a future version', (d) => (d.version = SCHEMA_VERSION + 1), [
      `The shared result comes from a newer version of the app (format ${SCHEMA_VERSION + 1}, this page reads ${SCHEMA_VERSION}); some parts may not be read`,
    ], (r) => expect(r.version).toBe(SCHEMA_VERSION)],
    ['an unreadable version', (d) => (d.version = 'two'), [`The shared result has an unreadable version; it was read as version ${SCHEMA_VERSION}`], () => undefined],
    ['a bad date', (d) => (d.createdAt = 'yesterday'), ['The shared result has no valid date; it is shown without one'], (r) => expect(r.createdAt).toBe('')],
    ['invalid settings', (d) => ((d.config as Record<string, unknown>).batchSize = -5), [
      "Batch size must be between 1 and 4096 examples (got '-5')",
    ], (r) => expect(r.config.batchSize).toBe(defaultCnnConfig().batchSize)],
    ['an unknown workload', (d) => ((d.config as Record<string, unknown>).workload = 'rnn'), [
      "Unknown workload 'rnn' in the shared result; using cnn",
    ], (r) => expect(r.config.workload).toBe('cnn')],
    ['bad race settings', (d) => (d.race = { backends: ['cpu', 'cpu'], warmupSteps: 2 }), [
      "Backends lists cpu twice (got 'cpu,cpu')",
    ], (r) => expect(r.race).toEqual({ backends: ['cpu', 'wasm', 'webgl', 'webgpu'], warmupSteps: 2, measuredSteps: 10, webgpuEngines: 'tfjs' })],
  ];

  it.each(damagedParts)('keeps the rest of a result with %s', (_name, patch, errors, check) => {
    const { result, errors: got } = validateSharedResult(docWith(patch));
    expect(english(got)).toEqual(errors);
    expect(result).not.toBeNull();
    check(result as SharedResult);
  });
});
