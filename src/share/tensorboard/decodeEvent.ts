/**
 * Reads back the Event fields events.ts writes (with pbf's readFields), so tests can check an events file field
 * by field. Not a general TensorFlow decoder: fields it does not know are skipped.
 */
import { PbfReader } from 'pbf';
import type { Histogram } from '../../metrics/histogram';

export interface DecodedValue {
  tag: string;
  simpleValue?: number;
  histo?: Histogram;
  pluginName?: string;
  dtype?: number;
  /** TensorProto.string_val, as UTF-8 text. */
  strings?: string[];
}

export interface DecodedEvent {
  wallTime: number;
  step: number;
  fileVersion?: string;
  values: DecodedValue[];
}

const utf8 = new TextDecoder();

export function decodeEvent(bytes: Uint8Array): DecodedEvent {
  return new PbfReader(bytes).readFields(readEvent, { wallTime: 0, step: 0, values: [] });
}

function readEvent(field: number, event: DecodedEvent, pbf: PbfReader): void {
  if (field === 1) event.wallTime = pbf.readDouble();
  else if (field === 2) event.step = pbf.readVarint(true);
  else if (field === 3) event.fileVersion = pbf.readString();
  else if (field === 5) pbf.readMessage(readSummary, event.values);
}

function readSummary(field: number, values: DecodedValue[], pbf: PbfReader): void {
  if (field === 1) values.push(pbf.readMessage(readValue, { tag: '' }));
}

function readValue(field: number, value: DecodedValue, pbf: PbfReader): void {
  if (field === 1) value.tag = pbf.readString();
  else if (field === 2) value.simpleValue = pbf.readFloat();
  else if (field === 5) value.histo = pbf.readMessage(readHistogram, { min: 0, max: 0, num: 0, sum: 0, sumSquares: 0, bucketLimits: [], buckets: [] });
  else if (field === 8) pbf.readMessage(readTensor, value);
  else if (field === 9) pbf.readMessage(readMetadata, value);
}

function readHistogram(field: number, h: Histogram, pbf: PbfReader): void {
  if (field === 1) h.min = pbf.readDouble();
  else if (field === 2) h.max = pbf.readDouble();
  else if (field === 3) h.num = pbf.readDouble();
  else if (field === 4) h.sum = pbf.readDouble();
  else if (field === 5) h.sumSquares = pbf.readDouble();
  else if (field === 6) pbf.readPackedDouble(h.bucketLimits);
  else if (field === 7) pbf.readPackedDouble(h.buckets);
}

function readTensor(field: number, value: DecodedValue, pbf: PbfReader): void {
  if (field === 1) value.dtype = pbf.readVarint();
  else if (field === 8) (value.strings ??= []).push(utf8.decode(pbf.readBytes()));
}

function readMetadata(field: number, value: DecodedValue, pbf: PbfReader): void {
  if (field === 1) pbf.readMessage(readPluginData, value);
}

function readPluginData(field: number, value: DecodedValue, pbf: PbfReader): void {
  if (field === 1) value.pluginName = pbf.readString();
}
