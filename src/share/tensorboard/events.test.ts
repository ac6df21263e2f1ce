import { describe, expect, it } from 'vitest';
import { decodeEvent } from './decodeEvent';
import { histogramOf } from '../../metrics/histogram';
import { FILE_VERSION, fileVersionEvent, histogramEvent, scalarEvent, textEvent } from './events';

const WALL = 1_700_000_000.25;

describe('TensorBoard events', () => {
  it('writes the file version record', () => {
    const event = decodeEvent(fileVersionEvent(WALL));
    expect(event).toEqual({ wallTime: WALL, step: 0, fileVersion: FILE_VERSION, values: [] });
  });

  it('writes a scalar as a float32 simple_value with its tag, step and wall time', () => {
    const event = decodeEvent(scalarEvent('loss/train', 1234, 0.1, WALL));
    expect(event.wallTime).toBe(WALL);
    expect(event.step).toBe(1234);
    expect(event.values).toEqual([{ tag: 'loss/train', simpleValue: Math.fround(0.1) }]);
  });

  it('keeps NaN and ±Infinity scalars (TensorBoard shows them)', () => {
    expect(decodeEvent(scalarEvent('x', 0, NaN, WALL)).values[0].simpleValue).toBeNaN();
    expect(decodeEvent(scalarEvent('x', 0, -Infinity, WALL)).values[0].simpleValue).toBe(-Infinity);
  });

  it('encodes steps past 2^32 (int64) exactly', () => {
    expect(decodeEvent(scalarEvent('x', 2 ** 40 + 3, 1, WALL)).step).toBe(2 ** 40 + 3);
  });

  it('refuses steps that are negative or not integers, and a non-finite wall time', () => {
    expect(() => scalarEvent('x', -1, 1, WALL)).toThrow(RangeError);
    expect(() => scalarEvent('x', 1.5, 1, WALL)).toThrow(/non-negative integer/);
    expect(() => scalarEvent('x', 1, 1, NaN)).toThrow(/wall time/);
  });

  it('writes a histogram whose bucket counts sum to num', () => {
    const values = Float32Array.from({ length: 500 }, (_, i) => Math.sin(i));
    const [value] = decodeEvent(histogramEvent('weights/conv1', 7, histogramOf(values), WALL)).values;
    expect(value.tag).toBe('weights/conv1');
    const h = value.histo!;
    expect(h.num).toBe(500);
    expect(h.buckets.reduce((a, b) => a + b, 0)).toBe(500);
    expect(h.bucketLimits).toHaveLength(h.buckets.length);
    expect(h.min).toBe(Math.min(...values));
    expect(h.bucketLimits.at(-1)).toBe(h.max);
  });

  it('writes an empty histogram with one empty bucket', () => {
    const h = decodeEvent(histogramEvent('empty', 0, histogramOf([]), WALL)).values[0].histo!;
    expect(h).toMatchObject({ num: 0, bucketLimits: [0], buckets: [0] });
  });

  it('writes markdown text as a scalar DT_STRING tensor for the text plugin', () => {
    const text = '## Settings\n\n| lr | 0.001 |\n\nÜnïcödé ✓';
    const event = decodeEvent(textEvent('settings', 0, text, WALL));
    expect(event.values).toEqual([{ tag: 'settings', dtype: 7, strings: [text], pluginName: 'text' }]);
  });

  it('writes a long tag and text (multi-byte lengths) intact', () => {
    const text = 'x'.repeat(70_000);
    const tag = 't'.repeat(200);
    expect(decodeEvent(textEvent(tag, 3, text, WALL)).values[0]).toMatchObject({ tag, strings: [text] });
  });
});

describe('TensorBoard events, byte for byte', () => {
  it('encodes a scalar with the wire types of event.proto and summary.proto', () => {
    // Event{wall_time=0 (1:double), step=1 (2:varint), summary (5:bytes){value (1:bytes){tag "a" (1:bytes), simple_value 1.0f (2:fixed32)}}}
    const expected = [0x09, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x01, 0x2a, 0x0a, 0x0a, 0x08, 0x0a, 0x01, 0x61, 0x15, 0x00, 0x00, 0x80, 0x3f];
    expect(Array.from(scalarEvent('a', 1, 1, 0))).toEqual(expected);
  });
});
