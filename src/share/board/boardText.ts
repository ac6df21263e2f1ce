/**
 * The board's words and numbers for the page: a workload's name, a device's name, the room's
 * findings as sentences (messages, so the page says them in its language), the table's order, the
 * chart's series and the CSV. Pure; the page only shows what these return.
 */
import { datasetMessage, DATASETS, isOwnDatasetId, type DatasetId } from '../../config/datasets';
import { GPU_LANES, laneIdMessage, type LaneId } from '../../config/lanes';
import { CNN_MODELS_INFO, GAN_MODELS_INFO } from '../../config/models';
import { softwareGpuOf } from '../../config/softwareGpu';
import { msg, type Message, type MessageValue } from '../../i18n/message';
import { Translator } from '../../i18n/translator';
import { toCsv, type Cell } from '../csv';
import { curveSeries } from '../curveNames';
import { formatRatio } from '../figureFormat';
import { formatNumber } from '../format';
import { ownDatasetMessage } from '../ownDatasetFacts';
import type { BoardDevice, BoardWorkload } from './boardEntry';
import type { BoardReading } from './boardModel';
import { bestSpeedUp, byBestSpeedUp, type Room, type RoomDevice, type Spread } from './boardRoom';

const ENGLISH = new Translator('en');
/** A device's GPU name on the chart's axis, characters at most. */
const MAX_GPU_NAME_CHARS = 40;

function modelValue(w: BoardWorkload): MessageValue {
  const workload = w.kind === 'gan' ? 'gan' : 'cnn';
  const info = workload === 'gan' ? GAN_MODELS_INFO : CNN_MODELS_INFO;
  return Object.hasOwn(info, w.model) ? msg(`model.${workload}.${w.model}.label`) : w.model;
}

function datasetValue(w: BoardWorkload): MessageValue {
  if (w.own) return ownDatasetMessage(w.own);
  return Object.hasOwn(DATASETS, w.dataset) || isOwnDatasetId(w.dataset) ? datasetMessage(w.dataset as DatasetId) : w.dataset;
}

/** "Race: Tiny CNN, MNIST digits, batch 16, 1 warm-up + 3 measured steps, app 0.1.0". */
export function workloadMessage(w: BoardWorkload): Message {
  const values = { model: modelValue(w), dataset: datasetValue(w), batch: w.batchSize, warmup: w.warmupSteps, steps: w.steps, app: w.app };
  return msg(`board.workload.${w.kind}`, values);
}

/** A group in the picker: its workload and how many devices ran it. */
export function groupMessage(w: BoardWorkload, devices: number): Message {
  return msg('board.group', { workload: workloadMessage(w), count: devices });
}

/**
 * The GPU as people call it, from what the browser reports: the renderer inside ANGLE's wrapping
 * ("ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Laptop GPU (0x00002560) Direct3D11 …)" → "NVIDIA GeForce
 * RTX 3060 Laptop GPU"), a software renderer by its name; '' when the browser hid it.
 */
export function gpuName(device: BoardDevice): string {
  const software = softwareGpuOf({ api: 'webgl', renderer: device.renderer, vendor: device.gpuVendor });
  if (software?.renderer) return software.renderer;
  const angle = /^ANGLE \((.*)\)$/.exec(device.renderer);
  const inner = angle ? (angle[1].split(', ')[1] ?? angle[1]) : device.renderer;
  const name = inner
    .replace(/^ANGLE Metal Renderer: /, '')
    .replace(/\s*\(0x[0-9a-f]+\).*$/i, '')
    .replace(/\/PCIe\/SSE2$/, '')
    .trim();
  const said = name || device.gpuVendor;
  return said.length > MAX_GPU_NAME_CHARS ? `${said.slice(0, MAX_GPU_NAME_CHARS - 1)}…` : said;
}

/** A device on the chart's axis and in names: "12. NVIDIA GeForce RTX 3060", "4. SwiftShader (software GPU)". */
export function deviceMessage(d: RoomDevice): Message {
  const gpu = gpuName(d.entry.device);
  const id = d.gpu === 'software' ? 'board.device.software' : gpu ? 'board.device.named' : 'board.device.unknown';
  return msg(id, { number: d.number, gpu });
}

/** A speed-up as the board says it: "4.2×"; a software GPU's "1.3×, CPU vs CPU" (never a GPU speed-up). */
export function ratioText(d: RoomDevice, ratio: number | null, t: Translator = ENGLISH): string {
  const text = formatRatio(ratio);
  return d.gpu === 'software' && ratio !== null ? t.t('softwareGpu.ratio', { ratio: text }) : text;
}

function spreadValues(s: Spread): Record<string, MessageValue> {
  return { median: formatRatio(s.median), min: formatRatio(s.min), max: formatRatio(s.max), q1: formatRatio(s.q1), q3: formatRatio(s.q3), count: s.count };
}

/** What the room found, one sentence each: devices, speed-ups (median and spread), where the CPU was as fast, software GPUs. */
export function roomFindings(room: Room): Message[] {
  const total = room.devices.length;
  const out: Message[] = [msg(room.repeats ? 'board.finding.devicesRepeats' : 'board.finding.devices', { count: total, repeats: room.repeats })];
  if (room.speedUpVsWasm) out.push(msg('board.finding.vsWasm', spreadValues(room.speedUpVsWasm)));
  if (room.speedUpVsCpu) out.push(msg('board.finding.vsCpu', spreadValues(room.speedUpVsCpu)));
  if (room.hardware > 0) out.push(msg('board.finding.cpuAsFast', { count: room.cpuAsFast, total: room.hardware }));
  if (room.software > 0) out.push(msg('board.finding.software', { count: room.software }));
  if (room.noGpu > 0) out.push(msg('board.finding.noGpu', { count: room.noGpu }));
  return out;
}

/** What one paste, drop or pick did, for the live region: added, already there, refused. */
export function readingMessage(reading: BoardReading, before: ReadonlySet<string>): Message {
  const fresh = new Set(reading.entries.filter((e) => !before.has(e.id)).map((e) => e.id));
  return msg('board.read', { added: fresh.size, again: reading.entries.length - fresh.size, refused: reading.refusals.length });
}

export type SortKey = 'best' | 'number' | 'device' | 'os' | 'browser' | `speed.${LaneId}` | 'vsWasm' | 'vsCpu';
export type SortDirection = 'ascending' | 'descending';

function sortValue(d: RoomDevice, key: SortKey): number | string | null {
  if (key === 'number') return d.number;
  if (key === 'device') return gpuName(d.entry.device).toLowerCase() || null;
  if (key === 'os') return d.entry.device.os.toLowerCase() || null;
  if (key === 'browser') return d.entry.device.browser.toLowerCase() || null;
  if (key === 'vsWasm') return d.gpu === 'hardware' ? d.speedUpVsWasm : null;
  if (key === 'vsCpu') return d.gpu === 'hardware' ? d.speedUpVsCpu : null;
  if (key === 'best') return bestSpeedUp(d);
  return d.entry.speeds[key.slice('speed.'.length) as LaneId] ?? null;
}

/**
 * The table's rows in the order asked: `best` is the chart's order (hardware GPUs by best speed-up,
 * then software GPUs, then the rest); any other column sorts its values, missing ones (and a software
 * GPU's CPU-vs-CPU ratios) always last, ties by number.
 */
export function sortDevices(devices: readonly RoomDevice[], key: SortKey, direction: SortDirection): RoomDevice[] {
  if (key === 'best') {
    const sorted = [...devices].sort(byBestSpeedUp);
    return direction === 'descending' ? sorted : sorted.reverse();
  }
  const sign = direction === 'ascending' ? 1 : -1;
  return [...devices].sort((a, b) => {
    const [x, y] = [sortValue(a, key), sortValue(b, key)];
    if (x === y) return a.number - b.number;
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
  });
}

/** One series of the chart: a lane's points (examples/s) per device, its software-GPU points apart. */
export interface RoomSeries {
  lane: LaneId;
  software: boolean;
  /** Aligned with the room's devices; null where this device has no such point. */
  points: (number | null)[];
}

/** The chart's series: every lane as a series, and a GPU lane's software points as their own, so they are never taken for a GPU. */
export function roomSeries(room: Room): RoomSeries[] {
  const out: RoomSeries[] = [];
  for (const lane of room.lanes) {
    for (const software of GPU_LANES.includes(lane) ? [false, true] : [false]) {
      const points = room.devices.map((d) => (d.entry.software.includes(lane) === software ? (d.entry.speeds[lane] ?? null) : null));
      if (points.some((p) => p !== null)) out.push({ lane, software, points });
    }
  }
  return out;
}

/** A lane's name, marked where it ran on a software GPU: "WebGL", "WebGPU · the app's engine (software, on the CPU)". */
export function markedLaneMessage(lane: LaneId, software: boolean): Message {
  return software ? msg('softwareGpu.named', { backend: laneIdMessage(lane) }) : laneIdMessage(lane);
}

/** A series' name in the legend: "WebGL", "WebGL (software, on the CPU)", "WebGPU · TensorFlow.js". */
export function seriesMessage(series: RoomSeries): Message {
  return markedLaneMessage(series.lane, series.software);
}

/**
 * One line per device, in the board's order: number, device facts, examples/s per lane, which ran on a
 * software GPU, the speed-ups. Lanes are named as a shared result's curves name them (`webgpu` is
 * TensorFlow.js's WebGPU, as in every older export; `webgpu app engine` the app's).
 */
export function roomCsv(room: Room, t: Translator = ENGLISH): string {
  const header = [
    t.t('board.csv.number'),
    t.t('board.csv.gpu'),
    t.t('board.csv.gpuVendor'),
    t.t('board.csv.renderer'),
    t.t('board.csv.os'),
    t.t('board.csv.browser'),
    ...room.lanes.map((lane) => t.t('board.csv.speed', { backend: curveSeries(lane) })),
    t.t('board.csv.softwareGpu'),
    t.t('board.csv.bestGpu'),
    t.t('board.csv.vsWasm'),
    t.t('board.csv.vsCpu'),
    t.t('board.csv.pasted'),
  ];
  const lines = room.devices.map((d): Cell[] => [
    d.number,
    gpuName(d.entry.device),
    d.entry.device.gpuVendor,
    d.entry.device.renderer,
    d.entry.device.os,
    d.entry.device.browser,
    ...room.lanes.map((lane) => d.entry.speeds[lane]),
    d.entry.software.map(curveSeries).join(' '),
    d.bestGpu && curveSeries(d.bestGpu),
    d.speedUpVsWasm,
    d.speedUpVsCpu,
    d.repeats + 1,
  ]);
  return toCsv(header, lines);
}

/** A throughput as the table shows it. */
export function speedText(value: number | undefined): string {
  return formatNumber(value);
}
