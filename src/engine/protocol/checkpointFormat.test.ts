import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultGanConfig } from '../../config/ganConfig';
import { decodeCheckpoint, encodeCheckpoint, MAX_CHECKPOINT_BYTES, MAX_CURVE_POINTS, readCheckpointHeader, type Checkpoint } from './checkpointFormat';
import { assembleCheckpoint as assemble, sampleCnnCheckpoint, sampleGanCheckpoint, splitCheckpoint, withHeader } from './checkpointFixtures';
import { english } from '../../i18n/testing/english';

type Header = Record<string, unknown>;

function refusal(bytes: Uint8Array | ArrayBuffer): string {
  const reading = decodeCheckpoint(bytes);
  expect(reading.ok).toBe(false);
  return reading.ok ? '' : english(reading.error);
}

const tensorsOf = (h: Header) => h.tensors as { name: string; shape: number[] }[];
const withTensor = (h: Header, index: number, change: object) => ({ ...h, tensors: tensorsOf(h).map((t, i) => (i === index ? { ...t, ...change } : t)) });
/** The name of the file's first curve in its summary: a CNN's loss curve, a GAN's D loss curve. */
const curveKey = (h: Header) => ((h.config as { workload: string }).workload === 'cnn' ? 'curve' : 'dLossCurve');

// Every damaged-file case, for a CNN file and for a GAN file alike: one validator reads both.
describe.each([
  ['CNN', sampleCnnCheckpoint],
  ['GAN', sampleGanCheckpoint],
] as const)('checkpoint format v1, a %s file', (_, sample: () => Checkpoint) => {
  const encoded = () => encodeCheckpoint(sample());
  const edited = (edit: (h: Header) => unknown) => withHeader(encoded(), edit);
  const first = sample().tensors[0].name;
  const dataBytes = sample().tensors.reduce((sum, t) => sum + t.values.length * 4, 0);

  it('reads back exactly what it wrote, bit for bit, config through the settings table', () => {
    const original = sample();
    const reading = decodeCheckpoint(encodeCheckpoint(original));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.checkpoint).toEqual(original);
    reading.checkpoint.tensors.forEach((t, i) => expect(Array.from(t.values)).toEqual(Array.from(original.tensors[i].values)));
    const header = readCheckpointHeader(encodeCheckpoint(original));
    expect(header.ok && header.checkpoint.progress.step).toBe(original.progress.step);
    expect(header.ok && header.checkpoint.config.workload).toBe(original.config.workload);
  });

  it('keeps NaN and infinities in tensor values bitwise (a diverged run is still a checkpoint)', () => {
    const doc = sample();
    doc.tensors[0].values = doc.tensors[0].values.map((_, i) => [NaN, -Infinity, Infinity][i % 3]);
    const reading = decodeCheckpoint(encodeCheckpoint(doc));
    expect(reading.ok && Array.from(reading.checkpoint.tensors[0].values)).toEqual(Array.from(doc.tensors[0].values));
  });

  it.each([
    ['an empty file', new Uint8Array(0), /shorter than its own preamble/],
    ['another file type', new TextEncoder().encode('PK\u0003\u0004 not a checkpoint'), /does not start with GPCK/],
    ['a newer format', assemble('{}', new Uint8Array(0), 2), /format 2, made by a newer version/],
    ['format 0', assemble('{}', new Uint8Array(0), 0), /format 0 is unknown/],
    ['a header that is not JSON', assemble('{"kind":', new Uint8Array(0)), /header is not JSON/],
    ['a header that is not UTF-8', assemble('', new Uint8Array(0)).map((b, i) => (i === 8 ? 1 : b)), /cut short inside its header|not UTF-8/],
  ])('refuses %s', (_, bytes, message) => {
    expect(refusal(bytes)).toMatch(message);
  });

  it('refuses a header that claims more bytes than the file has, or more than the cap', () => {
    const bytes = encoded();
    new DataView(bytes.buffer).setUint32(8, bytes.length, true);
    expect(refusal(bytes)).toMatch(/cut short inside its header/);
    new DataView(bytes.buffer).setUint32(8, 0xffffffff, true);
    expect(refusal(bytes)).toMatch(/header claims 4294967295 bytes/);
  });

  it('refuses a truncated file, trailing bytes, and a file over the size cap', () => {
    const bytes = encoded();
    expect(refusal(bytes.subarray(0, bytes.length - 4))).toMatch(new RegExp(`cut short: its header declares ${dataBytes} bytes of tensors, ${dataBytes - 4} follow`));
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(refusal(longer)).toMatch(/bytes after its last tensor/);
    expect(refusal(new Uint8Array(MAX_CHECKPOINT_BYTES + 1))).toMatch(/over the 268435456 this page reads/);
  });

  it('refuses a header that is valid JSON but not as the app writes it (a space, a number written 1.6e1)', () => {
    const { header: good, data } = splitCheckpoint(encoded());
    expect(refusal(assemble(good.replace('"batchSize":', '"batchSize": '), data))).toMatch(/not as this app writes it/);
    expect(refusal(assemble(good.replace(/"batchSize":(\d+)/, (_, n: string) => `"batchSize":${Number(n).toExponential()}`), data))).toMatch(/not as this app writes it/);
  });

  it('refuses huge declared sizes without allocating them', () => {
    expect(refusal(edited((h) => ({ ...h, tensors: [{ name: 'w', group: 'weights', dtype: 'float32', shape: [2 ** 31, 1] }] })))).toMatch(/a dimension of w is not a whole number from 0 to 16777216/);
    expect(refusal(edited((h) => ({ ...h, tensors: [{ name: 'w', group: 'weights', dtype: 'float32', shape: [65536, 65536, 65536] }] })))).toMatch(/declares 281474976710656 values/);
    expect(refusal(edited((h) => ({ ...h, tensors: [{ name: 'w', group: 'weights', dtype: 'float32', shape: [16777216, 16777216] }] })))).toMatch(/declares 281474976710656 values/);
    expect(refusal(edited((h) => ({ ...h, tensors: Array.from({ length: 2000 }, (_, i) => ({ name: `w${i}`, group: 'weights', dtype: 'float32', shape: [1] })) })))).toMatch(/at most 1024/);
  });

  it.each([
    ['a __proto__ key', (h: Header) => JSON.parse(JSON.stringify(h).replace('"kind"', '"__proto__":{"polluted":true},"kind"')), /"__proto__" key/],
    ['a nested constructor key', (h: Header) => ({ ...h, summary: { ...(h.summary as object), constructor: 1 } }), /"constructor" key/],
    ['an unknown key', (h: Header) => ({ ...h, extra: 1 }), /unknown key 'extra'/],
    ['a missing key', ({ progress: _p, ...h }: Header) => h, /lacks "progress"/],
    ['another kind of document', (h: Header) => ({ ...h, kind: 'keras' }), /not a GPU Playground checkpoint/],
    ['a refused run configuration', (h: Header) => ({ ...h, config: { ...(h.config as object), batchSize: 0 } }), /run configuration is refused \(Batch size must be between/],
    ['a run configuration missing a setting', (h: Header) => ({ ...h, config: { ...(h.config as object), batchSize: undefined } }), /run configuration lacks "batchSize"/],
    ['a misspelt setting', (h: Header) => JSON.parse(JSON.stringify(h).replace('"batchSize"', '" atchSize"')), /run configuration (lacks "batchSize"|has an unknown key)/],
    ['an unknown workload', (h: Header) => ({ ...h, config: { ...(h.config as object), workload: 'rnn' } }), /run configuration is refused/],
    ['a negative step', (h: Header) => ({ ...h, progress: { ...(h.progress as object), step: -1 } }), /its step is not a whole number/],
    ['a fractional epoch', (h: Header) => ({ ...h, progress: { ...(h.progress as object), epoch: 1.5 } }), /its epoch/],
    ['an unreadable date', (h: Header) => ({ ...h, createdAt: 'yesterday' }), /date is unreadable/],
    ['a string loss value', (h: Header) => ({ ...h, summary: { ...(h.summary as object), [curveKey(h)]: [[1, '0.3']] } }), /a loss curve value is not a finite number/],
    ['an over-long curve', (h: Header) => ({ ...h, summary: { ...(h.summary as object), [curveKey(h)]: Array.from({ length: MAX_CURVE_POINTS + 1 }, (_, i) => [i, 1]) } }), /at most 500 points/],
    ['a curve point that is not a pair', (h: Header) => ({ ...h, summary: { ...(h.summary as object), [curveKey(h)]: [[1, 2, 3]] } }), /not a \[step, loss\] pair/],
    ['a float16 tensor', (h: Header) => ({ ...h, tensors: tensorsOf(h).map((t) => ({ ...t, dtype: 'float16' })) }), /is not float32/],
    ['a duplicate tensor name', (h: Header) => ({ ...h, tensors: tensorsOf(h).map((t) => ({ ...t, name: 'same' })) }), /appears twice/],
    ['a tensor named __proto__', (h: Header) => withTensor(h, 0, { name: `${first}/__proto__` }), /reserved name/],
    ['a tensor name with odd characters', (h: Header) => withTensor(h, 0, { name: '<img>' }), /unusable name/],
    ['a shape that does not match the bytes', (h: Header) => withTensor(h, 0, { shape: [sample().tensors[0].values.length + 1] }), /cut short/],
    ['an empty dimension', (h: Header) => withTensor(h, 0, { shape: [0, 3] }), /empty dimension/],
    ['a rank-7 tensor', (h: Header) => withTensor(h, 0, { shape: [1, 1, 1, 1, 1, 1, sample().tensors[0].values.length] }), /rank 0 to 6/],
    ['an unknown tensor group', (h: Header) => withTensor(h, 0, { group: 'extra' }), /in no known group/],
  ])('refuses a header with %s', (_, edit, message) => {
    expect(refusal(edited(edit as (h: Header) => unknown))).toMatch(message);
  });

  it('never throws and never accepts a damaged file: 500 random edits of a real checkpoint', () => {
    const good = encoded();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: good.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), fc.nat({ max: good.length }), (edits, cut) => {
        const bytes = good.slice(0, Math.max(cut, 1));
        for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
        const reading = decodeCheckpoint(bytes);
        if (reading.ok) {
          // Only edits inside tensor values (or none at all) can leave a readable file; then it re-encodes to itself.
          expect(encodeCheckpoint(reading.checkpoint)).toEqual(bytes);
        } else {
          expect(reading.error.id).toBe('check.file.unusable');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses to write what it would not read', () => {
    const doc = sample();
    doc.tensors[0].values = new Float32Array(1);
    expect(() => encodeCheckpoint(doc)).toThrow(/has 1 values for shape/);
    const negative = sample();
    negative.progress.step = -1;
    expect(() => encodeCheckpoint(negative)).toThrow(/check\.file\.part\.step/);
  });
});

describe('checkpoint format v1, what only a CNN file may hold', () => {
  const edited = (edit: (h: Header) => unknown) => withHeader(encodeCheckpoint(sampleCnnCheckpoint()), edit);

  it.each([
    ['a GAN configuration over CNN tensors', (h: Header) => ({ ...h, config: { ...defaultGanConfig(), backend: 'webgl' } }), /tensor conv1\/kernel is in no known group/],
    ['a state tensor', (h: Header) => withTensor(h, 1, { group: 'state' }), /tensor conv1\/bias is in no known group/],
    ['an optimizer tensor not under adam/', (h: Header) => withTensor(h, 1, { group: 'optimizer' }), /tensor conv1\/bias is in no known group/],
    ['a GAN progress', (h: Header) => ({ ...h, progress: { ...sampleGanCheckpoint().progress } }), /its progress lacks "optimizerIterations"/],
    ['a GAN summary', (h: Header) => ({ ...h, summary: { ...sampleGanCheckpoint().summary } }), /its summary lacks "lastLoss"/],
  ])('refuses a header with %s', (_, edit, message) => {
    expect(refusal(edited(edit as (h: Header) => unknown))).toMatch(message);
  });
});
