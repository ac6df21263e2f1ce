/**
 * TensorBoard `Event` protocol buffers (tensorflow/core/util/event.proto, framework/summary.proto), encoded with
 * pbf. Each function returns one record's bytes; tfrecord.ts frames them. Field numbers are in the writers below.
 * Times are wall-clock seconds since the epoch (a double, as the proto has it); steps are non-negative integers.
 */
import { PbfWriter } from 'pbf';
import type { Histogram } from '../../metrics/histogram';

/** The version string TensorBoard expects in the first record of every events file. */
export const FILE_VERSION = 'brain.Event:2';
export const TEXT_PLUGIN = 'text';
/** tensorflow/core/framework/types.proto DataType.DT_STRING */
const DT_STRING = 7;

type ValueWriter = (pbf: PbfWriter) => void;
interface SummaryValue {
  tag: string;
  write: ValueWriter;
}

function encodeEvent(wallTime: number, fill: (pbf: PbfWriter) => void): Uint8Array {
  if (!Number.isFinite(wallTime)) throw new RangeError(`An event's wall time must be a finite number of seconds, not ${wallTime}.`);
  const pbf = new PbfWriter();
  pbf.writeDoubleField(1, wallTime); // Event.wall_time
  fill(pbf);
  // finish() returns a view of pbf's growing buffer; copy so the record owns exactly its bytes.
  return pbf.finish().slice();
}

function summaryEvent(step: number, wallTime: number, value: SummaryValue): Uint8Array {
  if (!Number.isSafeInteger(step) || step < 0) throw new RangeError(`A step must be a non-negative integer, not ${step}.`);
  return encodeEvent(wallTime, (pbf) => {
    pbf.writeVarintField(2, step); // Event.step
    pbf.writeMessage(5, writeSummary, value); // Event.summary
  });
}

function writeSummary(value: SummaryValue, pbf: PbfWriter): void {
  pbf.writeMessage(1, writeSummaryValue, value); // Summary.value (one per event here)
}

function writeSummaryValue(value: SummaryValue, pbf: PbfWriter): void {
  pbf.writeStringField(1, value.tag); // Summary.Value.tag
  value.write(pbf);
}

function writeHistogram(h: Histogram, pbf: PbfWriter): void {
  pbf.writeDoubleField(1, h.min);
  pbf.writeDoubleField(2, h.max);
  pbf.writeDoubleField(3, h.num);
  pbf.writeDoubleField(4, h.sum);
  pbf.writeDoubleField(5, h.sumSquares);
  pbf.writePackedDouble(6, h.bucketLimits);
  pbf.writePackedDouble(7, h.buckets);
}

function writeStringTensor(bytes: Uint8Array, pbf: PbfWriter): void {
  pbf.writeVarintField(1, DT_STRING); // TensorProto.dtype
  pbf.writeMessage(2, () => undefined, null); // TensorProto.tensor_shape: an empty TensorShapeProto is a scalar
  pbf.writeBytesField(8, bytes); // TensorProto.string_val
}

function writePluginMetadata(pluginName: string, pbf: PbfWriter): void {
  // SummaryMetadata.plugin_data → PluginData.plugin_name; its content stays empty (the text plugin's version 0).
  pbf.writeMessage(1, (name: string, inner: PbfWriter) => inner.writeStringField(1, name), pluginName);
}

/** The first record of every events file. */
export function fileVersionEvent(wallTime: number): Uint8Array {
  return encodeEvent(wallTime, (pbf) => pbf.writeStringField(3, FILE_VERSION)); // Event.file_version
}

/** A scalar as TensorBoard's legacy simple_value: a 32-bit float, so a double is rounded to float32 (NaN and ±Infinity kept). */
export function scalarEvent(tag: string, step: number, value: number, wallTime: number): Uint8Array {
  return summaryEvent(step, wallTime, { tag, write: (pbf) => pbf.writeFloatField(2, value) }); // Summary.Value.simple_value
}

/** A histogram (made by src/metrics/histogram.ts where the values are: the worker, for a run's weights). */
export function histogramEvent(tag: string, step: number, histogram: Histogram, wallTime: number): Uint8Array {
  return summaryEvent(step, wallTime, { tag, write: (pbf) => pbf.writeMessage(5, writeHistogram, histogram) }); // Summary.Value.histo
}

/** Markdown text for TensorBoard's Text tab: a scalar DT_STRING tensor tagged with the "text" plugin. */
export function textEvent(tag: string, step: number, text: string, wallTime: number): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  return summaryEvent(step, wallTime, {
    tag,
    write: (pbf) => {
      pbf.writeMessage(8, writeStringTensor, bytes); // Summary.Value.tensor
      pbf.writeMessage(9, writePluginMetadata, TEXT_PLUGIN); // Summary.Value.metadata
    },
  });
}
