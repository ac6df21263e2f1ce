/**
 * The checkpoint file format, version 1: a trained model's weights, its optimizer's state, the run
 * configuration that made it, how far it got, and a summary of its metrics, in one binary document.
 * Pure TypeScript without TensorFlow.js: the worker writes and reads it (memory, IndexedDB), and any
 * later reader (save/load models, export) uses exactly this module. Every byte read is untrusted.
 *
 * Layout (little-endian):
 *
 *   bytes 0-3    magic "GPCK"
 *   bytes 4-7    uint32 format version (1)
 *   bytes 8-11   uint32 header length H, in bytes
 *   bytes 12…    header: UTF-8 JSON, H bytes, then zero bytes up to a multiple of 4
 *   then         tensor data: each tensor's float32 values, in the header's order, back to back
 *
 * Header (every key required, no others):
 *
 *   { "kind": "gpu-playground-checkpoint", "createdAt": ISO 8601,
 *     "config": a run configuration, read through its workload's settings table (CNN or GAN),
 *     "progress": CNN { "step", "epoch", "streamPosition", "optimizerIterations" }
 *                 GAN { "step", "epoch", "streamPosition", "noiseDraws", "generatorIterations", "discriminatorIterations" }
 *                 (whole numbers >= 0),
 *     "summary": CNN { "lastLoss": number | null, "lastEval": { "step", "testLoss", "testAccuracy" } | null,
 *                      "curve": [[step, loss], …] }
 *                GAN { "dLossCurve": [[step, loss], …], "gLossCurve": [[step, loss], …] }
 *                (each curve at most MAX_CURVE_POINTS points),
 *     "tensors": [{ "name", "group": "weights" | "optimizer" | "state", "dtype": "float32", "shape": [dims] }, …] }
 *
 * A CNN's weights are named by layer (conv1/kernel); Adam's state as adam/m/<weight>, adam/v/<weight>,
 * adam/accBeta1, adam/accBeta2; it has no state tensors. A GAN's weights are generator/<weight> and
 * discriminator/<weight>, each network's Adam adam/generator/m/<weight>, adam/generator/accBeta1…,
 * and its fixed preview noise is the state tensor previewNoise [previews, latent size]. A tensor's
 * byte offset is implied by the ones before it, so no two can overlap, and the file's length must be
 * exactly what the header declares.
 */
import { detailOf, msg, MessageError, type Message } from '../../i18n/message';
import { checkTensorRoles, MAX_CURVE_POINTS, readCnnProgress, readCnnSummary, readConfig, readGanProgress, readGanSummary } from './checkpointParts';
import { part, record, refuse, Refused, wholeNumber } from './checkpointRefusal';
import { TENSOR_GROUPS, type Checkpoint, type CheckpointTensor, type CnnCheckpoint, type GanCheckpoint, type TensorGroup } from './checkpointTypes';

export type * from './checkpointTypes';
export { CNN_NAMING, GAN_NETWORKS, ganNaming, isCnnCheckpoint, isGanCheckpoint, PREVIEW_NOISE_TENSOR } from './checkpointTypes';
export { MAX_CURVE_POINTS };

export const CHECKPOINT_MAGIC = 'GPCK';
export const CHECKPOINT_VERSION = 1;
export const CHECKPOINT_KIND = 'gpu-playground-checkpoint';
/** Largest checkpoint read at all: far above the large CNN's 4.5 MB. */
export const MAX_CHECKPOINT_BYTES = 256 * 1024 * 1024;
export const MAX_HEADER_BYTES = 1024 * 1024;
export const MAX_TENSORS = 1024;
export const MAX_RANK = 6;
/** Largest single dimension, and largest tensor, in elements. */
export const MAX_DIMENSION = 1 << 24;
export const MAX_TENSOR_ELEMENTS = MAX_CHECKPOINT_BYTES / 4;
const MAX_NAME_CHARS = 200;
const PREAMBLE_BYTES = 12;
const BYTES_PER_VALUE = 4;
/** Layer-scoped names: letters, digits and _ . / - only. */
const NAME_PATTERN = /^[A-Za-z0-9_./-]+$/;
/** Keys that must never appear in a header object: they mean something to JavaScript objects. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type CheckpointReading = { ok: true; checkpoint: Checkpoint } | { ok: false; error: Message };

function elementCount(shape: readonly number[]): number {
  return shape.reduce((product, dim) => product * dim, 1);
}

/** Writes a checkpoint; throws on a document this module would itself refuse to read. */
export function encodeCheckpoint(checkpoint: Checkpoint): Uint8Array {
  const header = {
    kind: CHECKPOINT_KIND,
    createdAt: checkpoint.createdAt,
    config: checkpoint.config,
    progress: checkpoint.progress,
    summary: checkpoint.summary,
    tensors: checkpoint.tensors.map(({ name, group, shape }) => ({ name, group, dtype: 'float32', shape })),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const padded = Math.ceil(headerBytes.length / BYTES_PER_VALUE) * BYTES_PER_VALUE;
  const dataBytes = checkpoint.tensors.reduce((sum, t) => sum + t.values.length * BYTES_PER_VALUE, 0);
  const out = new Uint8Array(PREAMBLE_BYTES + padded + dataBytes);
  const view = new DataView(out.buffer);
  for (let i = 0; i < CHECKPOINT_MAGIC.length; i++) out[i] = CHECKPOINT_MAGIC.charCodeAt(i);
  view.setUint32(4, CHECKPOINT_VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, PREAMBLE_BYTES);
  let offset = PREAMBLE_BYTES + padded;
  for (const tensor of checkpoint.tensors) {
    if (tensor.values.length !== elementCount(tensor.shape)) throw new Error(`Tensor ${tensor.name} has ${tensor.values.length} values for shape [${tensor.shape.join(', ')}].`);
    for (let i = 0; i < tensor.values.length; i++) view.setFloat32(offset + i * BYTES_PER_VALUE, tensor.values[i], true);
    offset += tensor.values.length * BYTES_PER_VALUE;
  }
  const check = decodeCheckpoint(out);
  if (!check.ok) throw new MessageError(check.error);
  return out;
}

/** Reads a checkpoint from untrusted bytes: a usable document, or one sentence saying why not. Never throws. */
export function decodeCheckpoint(bytes: Uint8Array | ArrayBuffer): CheckpointReading {
  try {
    return { ok: true, checkpoint: read(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, error: err.said };
    return { ok: false, error: msg('check.file.unusable', { reason: detailOf(err) }) };
  }
}

/** The header alone (no tensor values), for listing stored checkpoints cheaply. */
export function readCheckpointHeader(bytes: Uint8Array | ArrayBuffer): { ok: true; checkpoint: CheckpointHeader } | { ok: false; error: Message } {
  const reading = decodeCheckpoint(bytes);
  if (!reading.ok) return reading;
  return { ok: true, checkpoint: headerOf(reading.checkpoint) };
}

/** A checkpoint without its tensors, still told apart by its workload. */
export type CheckpointHeader = Omit<CnnCheckpoint, 'tensors'> | Omit<GanCheckpoint, 'tensors'>;

export function headerOf(checkpoint: Checkpoint): CheckpointHeader {
  const { tensors: _tensors, ...rest } = checkpoint;
  return rest;
}

function read(bytes: Uint8Array): Checkpoint {
  if (bytes.length > MAX_CHECKPOINT_BYTES) refuse('check.file.tooLarge', { size: String(bytes.length), max: String(MAX_CHECKPOINT_BYTES) });
  if (bytes.length < PREAMBLE_BYTES) refuse('check.file.short');
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== CHECKPOINT_MAGIC) refuse('check.file.magic');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version > CHECKPOINT_VERSION) refuse('check.file.newer', { version, supported: CHECKPOINT_VERSION });
  if (version !== CHECKPOINT_VERSION) refuse('check.file.unknownFormat', { version });
  const headerLength = view.getUint32(8, true);
  if (headerLength > MAX_HEADER_BYTES) refuse('check.file.headerTooLarge', { size: String(headerLength), max: String(MAX_HEADER_BYTES) });
  if (PREAMBLE_BYTES + headerLength > bytes.length) refuse('check.file.cutInHeader');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength));
  } catch {
    refuse('check.file.notUtf8');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    refuse('check.file.notJson');
  }
  // The writer is JSON.stringify, so a header that does not read back to the same text was edited by hand or damaged.
  if (JSON.stringify(raw) !== text) refuse('check.file.rewritten');
  rejectForbiddenKeys(raw, 0);
  const header = record(raw, part('check.file.part.header'), ['kind', 'createdAt', 'config', 'progress', 'summary', 'tensors']);
  if (header.kind !== CHECKPOINT_KIND) refuse('check.file.notCheckpoint');
  const dataStart = PREAMBLE_BYTES + Math.ceil(headerLength / BYTES_PER_VALUE) * BYTES_PER_VALUE;
  if (bytes.subarray(PREAMBLE_BYTES + headerLength, Math.min(dataStart, bytes.length)).some((b) => b !== 0)) refuse('check.file.padding');
  const tensors = readTensors(header.tensors, bytes, dataStart);
  const createdAt = readDate(header.createdAt);
  const config = readConfig(header.config);
  checkTensorRoles(config, tensors);
  if (config.workload === 'gan') return { createdAt, config, progress: readGanProgress(header.progress), summary: readGanSummary(header.summary), tensors };
  return { createdAt, config, progress: readCnnProgress(header.progress), summary: readCnnSummary(header.summary), tensors };
}

/** Walks the parsed header (bounded depth) and refuses keys like __proto__ wherever they are. */
function rejectForbiddenKeys(value: unknown, depth: number): void {
  if (depth > 8) refuse('check.file.tooDeep');
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) refuse('check.file.forbiddenKey', { key });
    rejectForbiddenKeys((value as Record<string, unknown>)[key], depth + 1);
  }
}

function readDate(value: unknown): string {
  if (typeof value !== 'string' || value.length > 40 || Number.isNaN(Date.parse(value))) refuse('check.file.badDate');
  return value;
}

function readTensors(value: unknown, bytes: Uint8Array, dataStart: number): CheckpointTensor[] {
  if (!Array.isArray(value) || value.length > MAX_TENSORS) refuse('check.file.tensorList', { max: String(MAX_TENSORS) });
  const names = new Set<string>();
  const specs = value.map((raw, i) => {
    const t = record(raw, part('check.file.part.tensor', { index: i }), ['name', 'group', 'dtype', 'shape']);
    if (typeof t.name !== 'string' || t.name.length === 0 || t.name.length > MAX_NAME_CHARS || !NAME_PATTERN.test(t.name)) refuse('check.file.tensorName', { index: i });
    const name = t.name;
    if (name.split('/').some((piece) => FORBIDDEN_KEYS.has(piece))) refuse('check.file.reservedName', { index: i });
    if (names.has(name)) refuse('check.file.twice', { name });
    names.add(name);
    if (!TENSOR_GROUPS.includes(t.group as TensorGroup)) refuse('check.file.group', { name });
    if (t.dtype !== 'float32') refuse('check.file.dtype', { name });
    if (!Array.isArray(t.shape) || t.shape.length > MAX_RANK) refuse('check.file.rank', { name, max: MAX_RANK });
    const shape = t.shape.map((d) => wholeNumber(d, part('check.file.part.dimension', { name }), MAX_DIMENSION));
    if (shape.some((d) => d === 0)) refuse('check.file.emptyDimension', { name });
    const elements = shape.reduce((product, dim) => product * dim, 1);
    if (elements > MAX_TENSOR_ELEMENTS) refuse('check.file.tooManyValues', { name, count: String(elements), max: String(MAX_TENSOR_ELEMENTS) });
    return { name, group: t.group as TensorGroup, shape, elements };
  });
  const declared = specs.reduce((sum, s) => sum + s.elements * BYTES_PER_VALUE, 0);
  if (dataStart + declared !== bytes.length) {
    if (dataStart + declared > bytes.length) refuse('check.file.cutShort', { declared: String(declared), present: String(bytes.length - dataStart) });
    refuse('check.file.trailing');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = dataStart;
  return specs.map(({ name, group, shape, elements }) => {
    const values = new Float32Array(elements);
    for (let i = 0; i < elements; i++) values[i] = view.getFloat32(offset + i * BYTES_PER_VALUE, true);
    offset += elements * BYTES_PER_VALUE;
    return { name, group, shape, values };
  });
}
