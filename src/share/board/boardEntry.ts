/**
 * One result on the class board: what a student's shared result says about their device and the
 * race they ran, made compact (the board link carries a few thousand of these characters, not
 * whole results). Pure; built from a validated shared result or read from a validated board link.
 */
import { examplesUsed } from '../../config/examplesUsed';
import { GPU_LANES, LANE_IDS, laneIdOf, type LaneId } from '../../config/lanes';
import { HIDDEN } from '../../engine/protocol/deviceReport';
import { roundSignificant } from '../downsample';
import type { SharedOwnDataset } from '../ownDatasetFacts';
import type { DeviceReport, SharedResult } from '../resultTypes';

/** Throughput is kept to this many significant digits: the board shows three, and the link stays short. */
export const BOARD_SPEED_DIGITS = 4;
/** Longest device text kept (renderer, vendor, OS, browser), characters. */
export const MAX_BOARD_TEXT_CHARS = 96;
/** Version texts as apps write them (0.1.0, 1.2.0-beta.1+build). */
export const APP_VERSION_PATTERN = /^[0-9A-Za-z.+-]{1,32}$/;
/** An app version a result does not name. */
export const UNKNOWN_APP = 'unknown';

export type BoardKind = 'race' | 'cnn' | 'gan';

/** What makes two results comparable: the same workload, measured the same way, by the same app version. */
export interface BoardWorkload {
  kind: BoardKind;
  model: string;
  dataset: string;
  batchSize: number;
  /** A race's untimed steps; 0 for a training run. */
  warmupSteps: number;
  /** A race's measured steps; a training run's steps (CNN: epochs × batches per epoch; GAN: its steps). */
  steps: number;
  app: string;
  /** A run on a data set of your own: its name, size and hash; results compare only on the same hash. */
  own?: SharedOwnDataset;
}

export interface BoardDevice {
  /** The GPU's maker as the browser names it (WebGPU adapter vendor, else WebGL's unmasked vendor); '' when hidden. */
  gpuVendor: string;
  /** The GPU as the browser names it (WebGL's unmasked renderer, else WebGPU's description or architecture); '' when hidden. */
  renderer: string;
  os: string;
  browser: string;
}

export interface BoardEntry {
  /** The same result (however it came: link, file, History, board link) has the same id, so it is counted once. */
  id: string;
  workload: BoardWorkload;
  device: BoardDevice;
  /**
   * Examples/s of each lane that ran (the app's loop), BOARD_SPEED_DIGITS significant digits: a backend,
   * and WebGPU once per engine (src/config/lanes.ts), so the app's engine is never compared with TensorFlow.js's.
   */
  speeds: Partial<Record<LaneId, number>>;
  /** The GPU lanes among `speeds` that ran on a software GPU, i.e. the CPU. */
  software: LaneId[];
}

/** cyrb53: a 53-bit string hash, so 200 results never share an id by chance. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A result's identity: what every copy of it keeps (a link drops curve points, a JSON export keeps
 * them all; a reader judges an older result's software GPUs and flags its rows), so the same result
 * pasted as a link and dropped as a file is one result.
 */
export function resultId(result: SharedResult): string {
  const { createdAt, config, race, device } = result;
  const rows = result.rows.map(({ softwareGpu: _flag, ...row }) => row);
  return hash53(JSON.stringify({ createdAt, config, race, rows, device }));
}

function text(device: DeviceReport, key: string): string {
  const value = Object.hasOwn(device, key) ? device[key] : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const said = String(value).trim();
  if (said === HIDDEN || said.startsWith('not available')) return '';
  return said.length > MAX_BOARD_TEXT_CHARS ? `${said.slice(0, MAX_BOARD_TEXT_CHARS - 1)}…` : said;
}

/** The device facts the board shows, from a result's flat device report (src/share/flattenDevice.ts keys). */
export function boardDeviceOf(device: DeviceReport): BoardDevice {
  const webgpu = [text(device, 'webgpu.vendor'), text(device, 'webgpu.architecture')].filter(Boolean).join(' ');
  return {
    gpuVendor: text(device, 'webgpu.vendor') || text(device, 'webgl.vendor'),
    renderer: text(device, 'webgl.renderer') || text(device, 'webgpu.description') || webgpu,
    os: text(device, 'os') || text(device, 'platform'),
    browser: text(device, 'browser'),
  };
}

/** The workload of a result, as the board groups it. */
export function boardWorkloadOf(result: SharedResult): BoardWorkload {
  const { config, race } = result;
  const app = APP_VERSION_PATTERN.test(result.versions.app ?? '') ? result.versions.app : UNKNOWN_APP;
  const own = result.ownDataset;
  const base = { model: config.model, dataset: config.dataset, batchSize: config.batchSize, app, ...(own ? { own: structuredClone(own) } : {}) };
  if (race) return { kind: 'race', ...base, warmupSteps: race.warmupSteps, steps: race.measuredSteps };
  if (config.workload === 'gan') return { kind: 'gan', ...base, warmupSteps: 0, steps: config.steps };
  // An own set smaller than the Training examples setting trains on all of its images, no more.
  const batchesPerEpoch = Math.ceil(examplesUsed(config, own).train / (config.batchSize * config.accumulationSteps));
  return { kind: 'cnn', ...base, warmupSteps: 0, steps: config.epochs * batchesPerEpoch };
}

/** A result as a board entry; null when it has no figure of the app's own loop (nothing to put on the chart). */
export function boardEntryOf(result: SharedResult): BoardEntry | null {
  const speeds: Partial<Record<LaneId, number>> = {};
  const software: LaneId[] = [];
  for (const row of result.rows) {
    const lane = laneIdOf(row);
    if (row.loop !== 'app' || !(row.examplesPerSec > 0) || speeds[lane] !== undefined) continue;
    speeds[lane] = roundSignificant(row.examplesPerSec, BOARD_SPEED_DIGITS);
    if (row.softwareGpu === true && GPU_LANES.includes(lane)) software.push(lane);
  }
  if (Object.keys(speeds).length === 0) return null;
  return {
    id: resultId(result),
    workload: boardWorkloadOf(result),
    device: boardDeviceOf(result.device),
    speeds,
    software: LANE_IDS.filter((lane) => software.includes(lane)),
  };
}

/** The key of a workload: results with equal keys are compared (an own set's by its full hash, so two sets never mix). */
export function workloadKey(w: BoardWorkload): string {
  return [w.kind, w.model, w.dataset, w.batchSize, w.warmupSteps, w.steps, w.app, w.own?.hash ?? ''].join('|');
}
