/**
 * The board as a document: the compact entries of every result on it, for the board link (`bd=`,
 * the same payload codec and limits as a result link) and the board's JSON file. Read back from
 * untrusted input like a shared result: fresh objects, every limit checked, each unusable row
 * refused with its number while the others are kept.
 *
 * Format 1 keyed a row's figures by backend; format 2 by lane (src/config/lanes.ts: `webgpu` the app's
 * engine, `webgpu-tfjs` TensorFlow.js's). A format-1 board was made before the app's engine, so its
 * `webgpu` is read as `webgpu-tfjs`.
 */
import { BACKEND_NAMES, isBackendName } from '../../config/backends';
import { GPU_LANES, isLaneId, LANE_IDS, WEBGPU_TFJS, type LaneId } from '../../config/lanes';
import { DATASET_IDS, isOwnDatasetId } from '../../config/datasets';
import { CNN_MODEL_IDS, GAN_MODEL_IDS } from '../../config/models';
import { msg, type Message } from '../../i18n/message';
import { BOARD_KEY, encodeViewHash } from '../hashState';
import { ErrorList, part, quoted } from '../messages';
import { encodeJsonPayload, MAX_LINK_CHARS } from '../payloadCodec';
import { MAX_JSON_DEPTH, MAX_JSON_NODES } from '../resultTypes';
import { readSharedOwnDataset } from '../ownDatasetFacts';
import { checkShape, isFiniteInRange, isPlainObject, isShortString, safeEntries } from '../untrusted';
import { APP_VERSION_PATTERN, MAX_BOARD_TEXT_CHARS, UNKNOWN_APP, workloadKey, type BoardEntry, type BoardKind, type BoardWorkload } from './boardEntry';
import { MAX_BOARD_ENTRIES, type BoardRefusal } from './boardModel';

/** The board document's format; a newer one is refused with a sentence. */
export const BOARD_FORMAT = 2;
/** The format that keyed figures by backend, its `webgpu` TensorFlow.js's: still read. */
export const BACKEND_BOARD_FORMAT = 1;
/** Different workloads on one board, at most. */
export const MAX_BOARD_WORKLOADS = 64;
const MAX_BATCH = 4_096;
const MAX_WARMUP_STEPS = 1_000;
const MAX_STEPS = 100_000_000;
const MAX_EXAMPLES_PER_SEC = 1e12;
const ID_PATTERN = /^[0-9a-z]{1,16}$/;
const KINDS: readonly BoardKind[] = ['race', 'cnn', 'gan'];
/** How the option list names an own data set's id in a refusal. */
const OWN_DATASET_PATTERN = 'own:<16 hex digits>';

/** One result in the document: short keys, since a link carries a class of them. */
export interface BoardRow {
  id: string;
  /** Index into the document's workloads. */
  w: number;
  /** GPU vendor, renderer, OS, browser. */
  v: string;
  g: string;
  os: string;
  b: string;
  /** Examples/s by lane. */
  x: Partial<Record<LaneId, number>>;
  /** Lanes that ran on a software GPU (absent when none did). */
  s?: LaneId[];
}

export interface BoardDocument {
  board: number;
  workloads: BoardWorkload[];
  rows: BoardRow[];
}

export function boardDocument(entries: readonly BoardEntry[]): BoardDocument {
  const keys: string[] = [];
  const workloads: BoardWorkload[] = [];
  const rows = entries.map((e): BoardRow => {
    const key = workloadKey(e.workload);
    let w = keys.indexOf(key);
    if (w < 0) {
      w = keys.push(key) - 1;
      workloads.push({ ...e.workload });
    }
    const row: BoardRow = { id: e.id, w, v: e.device.gpuVendor, g: e.device.renderer, os: e.device.os, b: e.device.browser, x: { ...e.speeds } };
    return e.software.length ? { ...row, s: [...e.software] } : row;
  });
  return { board: BOARD_FORMAT, workloads, rows };
}

/** The JSON file: the document a board link carries, readable. */
export function boardToJson(entries: readonly BoardEntry[]): string {
  return JSON.stringify(boardDocument(entries), null, 2);
}

export async function encodeBoardPayload(entries: readonly BoardEntry[]): Promise<string> {
  return encodeJsonPayload(boardDocument(entries));
}

export type BoardPayload = { fits: true; payload: string } | { fits: false; fitting: number; total: number };

/**
 * The board's payload when it fits a link (MAX_LINK_CHARS, as a result link); else how many of its
 * results, first ones first, would.
 */
export async function boardPayloadThatFits(entries: readonly BoardEntry[]): Promise<BoardPayload> {
  const payload = await encodeBoardPayload(entries);
  if (payload.length <= MAX_LINK_CHARS) return { fits: true, payload };
  let [low, high] = [0, entries.length - 1];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((await encodeBoardPayload(entries.slice(0, mid))).length <= MAX_LINK_CHARS) low = mid;
    else high = mid - 1;
  }
  return { fits: false, fitting: low, total: entries.length };
}

/** The hash of a board link: the board view and the board's payload. */
export function boardLinkHash(payload: string): string {
  return `${encodeViewHash('board', null)}&${BOARD_KEY}=${payload}`;
}

export interface BoardDocReading {
  entries: BoardEntry[];
  /** Rows refused one by one (`where` names the row); the others are kept. */
  refusals: BoardRefusal[];
  /** Problems of the document as a whole; with any, no row is read. */
  errors: Message[];
}

const BOARD = part('check.board.part.board');

function text(raw: unknown, what: Message, key: string, errors: ErrorList): string {
  if (isShortString(raw, MAX_BOARD_TEXT_CHARS)) return raw;
  errors.say('check.board.text', { what, key, max: MAX_BOARD_TEXT_CHARS, got: quoted(raw) });
  return '';
}

function whole(raw: unknown, what: Message, key: string, min: number, max: number, errors: ErrorList): number {
  if (isFiniteInRange(raw, min, max) && Number.isInteger(raw)) return raw;
  errors.say('check.board.number', { what, key, min, max: String(max), got: quoted(raw) });
  return min;
}

function known(raw: unknown, options: readonly string[], what: Message, key: string, errors: ErrorList): string {
  if (typeof raw === 'string' && options.includes(raw)) return raw;
  errors.say('check.board.option', { what, key, options: options.join(', '), got: quoted(raw) });
  return options[0];
}

/** The entries of an object, or null with a problem; forbidden and unknown keys are problems too. */
function fields(raw: unknown, what: Message, allowed: readonly string[], errors: ErrorList): Map<string, unknown> | null {
  if (!isPlainObject(raw)) {
    errors.say('check.board.notObject', { what });
    return null;
  }
  const { entries, forbidden } = safeEntries(raw);
  for (const key of forbidden) errors.say('check.forbiddenKey', { what, key: quoted(key) });
  for (const key of entries.keys()) if (!allowed.includes(key)) errors.say('check.unknownField', { key: quoted(key), what });
  return entries;
}

function readWorkload(raw: unknown, n: number): { workload: BoardWorkload | null; errors: Message[] } {
  const what = part('check.board.part.workload', { n });
  const errors = new ErrorList();
  const f = fields(raw, what, ['kind', 'model', 'dataset', 'batchSize', 'warmupSteps', 'steps', 'app', 'own'], errors);
  if (f === null) return { workload: null, errors: errors.toArray() };
  const kind = known(f.get('kind'), KINDS, what, 'kind', errors) as BoardKind;
  const app = f.get('app');
  const dataset = readDataset(f.get('dataset'), kind, what, errors);
  const own = readSharedOwnDataset(f.get('own'), dataset, part('check.board.part.own', { n }), errors);
  const workload: BoardWorkload = {
    kind,
    model: known(f.get('model'), kind === 'gan' ? GAN_MODEL_IDS : CNN_MODEL_IDS, what, 'model', errors),
    dataset,
    batchSize: whole(f.get('batchSize'), what, 'batchSize', 1, MAX_BATCH, errors),
    warmupSteps: whole(f.get('warmupSteps'), what, 'warmupSteps', 0, MAX_WARMUP_STEPS, errors),
    steps: whole(f.get('steps'), what, 'steps', 1, MAX_STEPS, errors),
    app: typeof app === 'string' && (APP_VERSION_PATTERN.test(app) || app === UNKNOWN_APP) ? app : '',
    ...(own ? { own } : {}),
  };
  if (workload.app === '') errors.say('check.board.app', { what, got: quoted(app) });
  return errors.count ? { workload: null, errors: errors.toArray() } : { workload, errors: [] };
}

/** A shipped data set, or (for a CNN training run, the only kind that trains on one) an own set's id. */
function readDataset(raw: unknown, kind: BoardKind, what: Message, errors: ErrorList): string {
  if (typeof raw === 'string' && ((DATASET_IDS as readonly string[]).includes(raw) || (kind === 'cnn' && isOwnDatasetId(raw)))) return raw;
  const options = kind === 'cnn' ? [...DATASET_IDS, OWN_DATASET_PATTERN] : DATASET_IDS;
  errors.say('check.board.option', { what, key: 'dataset', options: options.join(', '), got: quoted(raw) });
  return DATASET_IDS[0];
}

/** The keys a format names its rows' figures by, and the lane each key is. */
function laneKeys(format: number): { keys: readonly string[]; laneOf(key: string): LaneId | null } {
  if (format === BACKEND_BOARD_FORMAT) return { keys: BACKEND_NAMES, laneOf: (key) => (key === 'webgpu' ? WEBGPU_TFJS : isBackendName(key) ? key : null) };
  return { keys: LANE_IDS, laneOf: (key) => (isLaneId(key) ? key : null) };
}

type Lanes = ReturnType<typeof laneKeys>;

function readSpeeds(raw: unknown, what: Message, lanes: Lanes, errors: ErrorList): Partial<Record<LaneId, number>> {
  const speeds: Partial<Record<LaneId, number>> = {};
  const f = fields(raw, what, lanes.keys, errors);
  if (f === null) return speeds;
  for (const [key, value] of f) {
    const lane = lanes.laneOf(key);
    if (lane === null) continue;
    if (isFiniteInRange(value, 0, MAX_EXAMPLES_PER_SEC) && value > 0) speeds[lane] = value;
    else errors.say('check.board.speed', { what, backend: key, max: String(MAX_EXAMPLES_PER_SEC), got: quoted(value) });
  }
  if (Object.keys(speeds).length === 0) errors.say('check.board.noSpeeds', { what });
  return speeds;
}

function readSoftware(raw: unknown, speeds: Partial<Record<LaneId, number>>, what: Message, lanes: Lanes, errors: ErrorList): LaneId[] {
  if (raw === undefined) return [];
  const read = Array.isArray(raw) && raw.length <= GPU_LANES.length ? raw.map((key) => (typeof key === 'string' ? lanes.laneOf(key) : null)) : null;
  const ok = read !== null && read.every((lane) => lane !== null && GPU_LANES.includes(lane) && speeds[lane] !== undefined);
  if (!ok) {
    errors.say('check.board.software', { what, got: quoted(raw) });
    return [];
  }
  return LANE_IDS.filter((lane) => read.includes(lane));
}

function readRow(raw: unknown, what: Message, workloads: readonly (BoardWorkload | null)[], lanes: Lanes): { entry: BoardEntry | null; errors: Message[] } {
  const errors = new ErrorList();
  const f = fields(raw, what, ['id', 'w', 'v', 'g', 'os', 'b', 'x', 's'], errors);
  if (f === null) return { entry: null, errors: errors.toArray() };
  const id = f.get('id');
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) errors.say('check.board.id', { what, got: quoted(id) });
  const w = whole(f.get('w'), what, 'w', 0, MAX_BOARD_WORKLOADS - 1, errors);
  const workload = workloads[w] ?? null;
  if (w >= workloads.length) errors.say('check.board.noSuchWorkload', { what, n: w + 1, count: workloads.length });
  else if (workload === null) errors.say('check.board.workloadRefused', { what, n: w + 1 });
  const speeds = readSpeeds(f.get('x'), what, lanes, errors);
  const entry: BoardEntry | null = workload && {
    id: id as string,
    workload,
    device: { gpuVendor: text(f.get('v'), what, 'v', errors), renderer: text(f.get('g'), what, 'g', errors), os: text(f.get('os'), what, 'os', errors), browser: text(f.get('b'), what, 'b', errors) },
    speeds,
    software: readSoftware(f.get('s'), speeds, what, lanes, errors),
  };
  return errors.count ? { entry: null, errors: errors.toArray() } : { entry, errors: [] };
}

function list(raw: unknown, what: Message, max: number, errors: ErrorList): unknown[] {
  if (Array.isArray(raw) && raw.length <= max) return raw;
  errors.say('check.board.list', { what, max: String(max) });
  return [];
}

/** Reads an untrusted value as a board document: whole-document problems refuse it all, a bad row only itself. */
export function validateBoardDocument(untrusted: unknown): BoardDocReading {
  const refused = (message: Message): BoardDocReading => ({ entries: [], refusals: [], errors: [message] });
  const shape = checkShape(untrusted, MAX_JSON_DEPTH, MAX_JSON_NODES);
  if (shape === 'too-deep') return refused(msg('check.tooDeep', { what: BOARD, max: MAX_JSON_DEPTH }));
  if (shape === 'too-large') return refused(msg('check.tooLarge', { what: BOARD, max: String(MAX_JSON_NODES) }));
  const errors = new ErrorList();
  const f = fields(untrusted, BOARD, ['board', 'workloads', 'rows'], errors);
  if (f === null) return { entries: [], refusals: [], errors: errors.toArray() };
  const format = f.get('board');
  if (typeof format === 'number' && Number.isInteger(format) && format > BOARD_FORMAT) errors.say('check.board.newer', { format, supported: BOARD_FORMAT });
  else if (format !== BOARD_FORMAT && format !== BACKEND_BOARD_FORMAT) errors.say('check.board.format', { got: quoted(format) });
  const rawWorkloads = list(f.get('workloads'), part('check.board.part.workloads'), MAX_BOARD_WORKLOADS, errors);
  const rawRows = list(f.get('rows'), part('check.board.part.rows'), MAX_BOARD_ENTRIES, errors);
  if (errors.count) return { entries: [], refusals: [], errors: errors.toArray() };

  const refusals: BoardRefusal[] = [];
  const workloads = rawWorkloads.map((raw, i) => {
    const read = readWorkload(raw, i + 1);
    if (read.workload === null) refusals.push({ where: part('check.board.part.workload', { n: i + 1 }), errors: read.errors });
    return read.workload;
  });
  const entries: BoardEntry[] = [];
  rawRows.forEach((raw, i) => {
    const where = part('check.board.part.row', { n: i + 1 });
    const read = readRow(raw, where, workloads, laneKeys(format as number));
    if (read.entry) entries.push(read.entry);
    else refusals.push({ where, errors: read.errors });
  });
  return { entries, refusals, errors: [] };
}
