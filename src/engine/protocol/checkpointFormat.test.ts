import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import { CHECKPOINT_MAGIC, decodeCheckpoint, encodeCheckpoint, MAX_CHECKPOINT_BYTES, MAX_CURVE_POINTS, readCheckpointHeader, type Checkpoint } from './checkpointFormat';
import { english } from '../../i18n/testing/english';

function sample(): Checkpoint {
  return {
    createdAt: '2025-01-31T10:00:00.000Z',
    config: { ...defaultCnnConfig(), model: 'tiny', backend: 'webgl', batchSize: 32 },
    progress: { step: 120, epoch: 2, streamPosition: 120, optimizerIterations: 120 },
    summary: { lastLoss: 0.31, lastEval: { step: 100, testLoss: 0.3, testAccuracy: 0.91 }, curve: [[1, 2.3], [60, 0.8], [120, 0.31]] },
    tensors: [
      { name: 'conv1/kernel', group: 'weights', shape: [3, 3, 1, 2], values: Float32Array.from({ length: 18 }, (_, i) => i / 7 - 1) },
      { name: 'conv1/bias', group: 'weights', shape: [2], values: Float32Array.of(0.5, -0.25) },
      { name: 'adam/m/conv1/bias', group: 'optimizer', shape: [2], values: Float32Array.of(1e-3, -2e-3) },
      { name: 'adam/accBeta1', group: 'optimizer', shape: [], values: Float32Array.of(0.9 ** 121) },
    ],
  };
}

/** The header of an encoded checkpoint, rewritten by `edit`, re-encoded with the same tensor bytes. */
function withHeader(edit: (header: Record<string, unknown>) => unknown, base = encodeCheckpoint(sample())): Uint8Array {
  const view = new DataView(base.buffer, base.byteOffset, base.byteLength);
  const length = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(base.subarray(12, 12 + length))) as Record<string, unknown>;
  const data = base.subarray(12 + Math.ceil(length / 4) * 4);
  return assemble(typeof edit === 'function' ? JSON.stringify(edit(header) ?? header) : '', data);
}

function assemble(headerText: string, data: Uint8Array, version = 1): Uint8Array {
  const headerBytes = new TextEncoder().encode(headerText);
  const padded = Math.ceil(headerBytes.length / 4) * 4;
  const out = new Uint8Array(12 + padded + data.length);
  out.set([...CHECKPOINT_MAGIC].map((c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, version, true);
  new DataView(out.buffer).setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  out.set(data, 12 + padded);
  return out;
}

function refusal(bytes: Uint8Array | ArrayBuffer): string {
  const reading = decodeCheckpoint(bytes);
  expect(reading.ok).toBe(false);
  return reading.ok ? '' : english(reading.error);
}

describe('checkpoint format v1', () => {
  it('reads back exactly what it wrote, bit for bit, config through the settings table', () => {
    const original = sample();
    const reading = decodeCheckpoint(encodeCheckpoint(original));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.checkpoint).toEqual(original);
    reading.checkpoint.tensors.forEach((t, i) => expect(Array.from(t.values)).toEqual(Array.from(original.tensors[i].values)));
    const header = readCheckpointHeader(encodeCheckpoint(original));
    expect(header.ok && header.checkpoint.progress.step).toBe(120);
  });

  it('keeps NaN and infinities in tensor values bitwise (a diverged run is still a checkpoint)', () => {
    const doc = sample();
    doc.tensors[1].values = Float32Array.of(NaN, -Infinity);
    const reading = decodeCheckpoint(encodeCheckpoint(doc));
    expect(reading.ok && Array.from(reading.checkpoint.tensors[1].values)).toEqual([NaN, -Infinity]);
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
    const bytes = encodeCheckpoint(sample());
    new DataView(bytes.buffer).setUint32(8, bytes.length, true);
    expect(refusal(bytes)).toMatch(/cut short inside its header/);
    new DataView(bytes.buffer).setUint32(8, 0xffffffff, true);
    expect(refusal(bytes)).toMatch(/header claims 4294967295 bytes/);
  });

  it('refuses a truncated file, trailing bytes, and a file over the size cap', () => {
    const bytes = encodeCheckpoint(sample());
    expect(refusal(bytes.subarray(0, bytes.length - 4))).toMatch(/cut short: its header declares 92 bytes of tensors, 88 follow/);
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(refusal(longer)).toMatch(/bytes after its last tensor/);
    expect(refusal(new Uint8Array(MAX_CHECKPOINT_BYTES + 1))).toMatch(/over the 268435456 this page reads/);
  });

  it('refuses a header that is valid JSON but not as the app writes it (a space, a number written 6e4)', () => {
    const header = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(12, 12 + new DataView(bytes.buffer).getUint32(8, true)));
    const good = header(encodeCheckpoint(sample()));
    const data = withHeader(() => undefined).subarray(12 + Math.ceil(good.length / 4) * 4);
    expect(refusal(assemble(good.replace('"epochs":', '"epochs": '), data))).toMatch(/not as this app writes it/);
    expect(refusal(assemble(good.replace(/"trainExamples":(\d+)/, (_, n: string) => `"trainExamples":${Number(n).toExponential()}`), data))).toMatch(/not as this app writes it/);
  });

  it('refuses huge declared sizes without allocating them', () => {
    expect(refusal(withHeader((h) => ({ ...h, tensors: [{ name: 'w', group: 'weights', dtype: 'float32', shape: [2 ** 31, 1] }] })))).toMatch(/a dimension of w is not a whole number from 0 to 16777216/);
    expect(refusal(withHeader((h) => ({ ...h, tensors: [{ name: 'w', group: 'weights', dtype: 'float32', shape: [65536, 65536, 65536] }] })))).toMatch(/declares 281474976710656 values/);
    expect(refusal(withHeader((h) => ({ ...h, tensors: [{ name: 'w', group: 'weights', dtype: 'float32', shape: [16777216, 16777216] }] })))).toMatch(/declares 281474976710656 values/);
    expect(refusal(withHeader((h) => ({ ...h, tensors: Array.from({ length: 2000 }, (_, i) => ({ name: `w${i}`, group: 'weights', dtype: 'float32', shape: [1] })) })))).toMatch(/at most 1024/);
  });

  it.each([
    ['a __proto__ key', (h: Record<string, unknown>) => JSON.parse(JSON.stringify(h).replace('"kind"', '"__proto__":{"polluted":true},"kind"')), /"__proto__" key/],
    ['a nested constructor key', (h: Record<string, unknown>) => ({ ...h, summary: { ...(h.summary as object), constructor: 1 } }), /"constructor" key/],
    ['an unknown key', (h: Record<string, unknown>) => ({ ...h, extra: 1 }), /unknown key 'extra'/],
    ['a missing key', ({ progress: _p, ...h }: Record<string, unknown>) => h, /lacks "progress"/],
    ['another kind of document', (h: Record<string, unknown>) => ({ ...h, kind: 'keras' }), /not a GPU Playground checkpoint/],
    ['a refused run configuration', (h: Record<string, unknown>) => ({ ...h, config: { ...(h.config as object), batchSize: 0 } }), /run configuration is refused \(Batch size must be between/],
    ['a run configuration missing a setting', (h: Record<string, unknown>) => ({ ...h, config: { ...(h.config as object), batchSize: undefined } }), /run configuration lacks "batchSize"/],
    ['a misspelt setting', (h: Record<string, unknown>) => JSON.parse(JSON.stringify(h).replace('"batchSize"', '" atchSize"')), /run configuration (lacks "batchSize"|has an unknown key)/],
    ['a GAN configuration', (h: Record<string, unknown>) => ({ ...h, config: { workload: 'gan' } }), /only CNN runs/],
    ['a negative step', (h: Record<string, unknown>) => ({ ...h, progress: { ...(h.progress as object), step: -1 } }), /its step is not a whole number/],
    ['a fractional epoch', (h: Record<string, unknown>) => ({ ...h, progress: { ...(h.progress as object), epoch: 1.5 } }), /its epoch/],
    ['an unreadable date', (h: Record<string, unknown>) => ({ ...h, createdAt: 'yesterday' }), /date is unreadable/],
    ['a string loss', (h: Record<string, unknown>) => ({ ...h, summary: { ...(h.summary as object), lastLoss: '0.3' } }), /last loss is not a finite number/],
    ['an over-long curve', (h: Record<string, unknown>) => ({ ...h, summary: { ...(h.summary as object), curve: Array.from({ length: MAX_CURVE_POINTS + 1 }, (_, i) => [i, 1]) } }), /at most 500 points/],
    ['a curve point that is not a pair', (h: Record<string, unknown>) => ({ ...h, summary: { ...(h.summary as object), curve: [[1, 2, 3]] } }), /not a \[step, loss\] pair/],
    ['a float16 tensor', (h: Record<string, unknown>) => ({ ...h, tensors: (h.tensors as object[]).map((t) => ({ ...t, dtype: 'float16' })) }), /is not float32/],
    ['a duplicate tensor name', (h: Record<string, unknown>) => ({ ...h, tensors: (h.tensors as { name: string }[]).map((t) => ({ ...t, name: 'same' })) }), /appears twice/],
    ['a tensor named __proto__', (h: Record<string, unknown>) => ({ ...h, tensors: (h.tensors as object[]).map((t, i) => (i === 0 ? { ...t, name: 'conv1/__proto__' } : t)) }), /reserved name/],
    ['a tensor name with odd characters', (h: Record<string, unknown>) => ({ ...h, tensors: (h.tensors as object[]).map((t, i) => (i === 0 ? { ...t, name: '<img>' } : t)) }), /unusable name/],
    ['a shape that does not match the bytes', (h: Record<string, unknown>) => ({ ...h, tensors: (h.tensors as object[]).map((t, i) => (i === 0 ? { ...t, shape: [3, 3, 1, 3] } : t)) }), /cut short/],
    ['an empty dimension', (h: Record<string, unknown>) => ({ ...h, tensors: (h.tensors as object[]).map((t, i) => (i === 0 ? { ...t, shape: [0, 3] } : t)) }), /empty dimension/],
    ['a rank-7 tensor', (h: Record<string, unknown>) => ({ ...h, tensors: (h.tensors as object[]).map((t, i) => (i === 0 ? { ...t, shape: [1, 1, 1, 1, 1, 1, 18] } : t)) }), /rank 0 to 6/],
  ])('refuses a header with %s', (_, edit, message) => {
    expect(refusal(withHeader(edit as (h: Record<string, unknown>) => unknown))).toMatch(message);
  });

  it('never throws and never accepts a damaged file: 500 random edits of a real checkpoint', () => {
    const good = encodeCheckpoint(sample());
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
    doc.tensors[0].values = new Float32Array(3);
    expect(() => encodeCheckpoint(doc)).toThrow(/has 3 values for shape/);
    expect(() => encodeCheckpoint({ ...sample(), progress: { ...sample().progress, step: -1 } })).toThrow(/check\.file\.part\.step/);
  });
});
