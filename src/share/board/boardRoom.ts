/**
 * What the room found, for one group of comparable results: each device's best GPU lane (WebGL, or
 * WebGPU on either engine) and its speed-up over the same device's WebAssembly and plain-JS CPU, the
 * room's median and spread, where the CPU was as fast, and which devices had no hardware GPU. A
 * software GPU's ratio is a ratio of two CPU figures: it is kept apart and never counted as a GPU
 * speed-up. Pure.
 */
import { CPU_BACKENDS, FAST_CPU, PLAIN_CPU } from '../../config/backends';
import { GPU_LANES, LANE_IDS, type LaneId } from '../../config/lanes';
import { median, percentile } from '../../metrics/stats';
import type { BoardEntry, BoardWorkload } from './boardEntry';
import type { BoardGroup } from './boardModel';

/** What a device's GPU backends ran on: a hardware GPU, only a software one (the CPU), or no GPU backend at all. */
export type GpuKind = 'hardware' | 'software' | 'none';

export interface RoomDevice {
  entry: BoardEntry;
  /** Its number on the board: the order results arrived in, from 1, kept whatever the table's order. */
  number: number;
  gpu: GpuKind;
  /** Its fastest GPU lane: a hardware one where it has one, else a software one; null without GPU figures. */
  bestGpu: LaneId | null;
  /** Its fastest CPU backend (plain JS or WebAssembly); null without CPU figures. */
  bestCpu: LaneId | null;
  /** Best GPU ÷ WebAssembly; for a software GPU a CPU-vs-CPU ratio (see `gpu`). */
  speedUpVsWasm: number | null;
  /** Best GPU ÷ plain-JS CPU; for a software GPU a CPU-vs-CPU ratio. */
  speedUpVsCpu: number | null;
  /** A hardware GPU that its own best CPU backend matched or beat. */
  cpuAsFast: boolean;
  /** Copies of this result added after the first (pasted twice, counted once). */
  repeats: number;
}

/** A spread of values: median, quartiles, extremes. */
export interface Spread {
  count: number;
  median: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
}

export interface Room {
  workload: BoardWorkload;
  /** Sorted by their best speed-up, highest first: hardware GPUs, then software GPUs, then devices without GPU figures. */
  devices: RoomDevice[];
  /** The lanes any device has figures for, in the backend table's order (WebGPU's app engine before TensorFlow.js's). */
  lanes: LaneId[];
  /** Over devices with a hardware GPU and that baseline; null where none has both. */
  speedUpVsWasm: Spread | null;
  speedUpVsCpu: Spread | null;
  /** The room's median examples/s per lane (software GPU figures left out of the GPU lanes' medians). */
  medianSpeed: Partial<Record<LaneId, number>>;
  hardware: number;
  software: number;
  noGpu: number;
  cpuAsFast: number;
  repeats: number;
}

function fastest(entry: BoardEntry, among: readonly LaneId[]): LaneId | null {
  let best: LaneId | null = null;
  for (const b of among) {
    const v = entry.speeds[b];
    if (v !== undefined && (best === null || v > (entry.speeds[best] as number))) best = b;
  }
  return best;
}

function ratio(entry: BoardEntry, top: LaneId | null, base: LaneId): number | null {
  const a = top === null ? undefined : entry.speeds[top];
  const b = entry.speeds[base];
  return a !== undefined && b !== undefined && b > 0 ? a / b : null;
}

export function roomDevice(entry: BoardEntry, number: number, repeats = 0): RoomDevice {
  const hardwareGpus = GPU_LANES.filter((b) => entry.speeds[b] !== undefined && !entry.software.includes(b));
  const softwareGpus = GPU_LANES.filter((b) => entry.speeds[b] !== undefined && entry.software.includes(b));
  const gpu: GpuKind = hardwareGpus.length ? 'hardware' : softwareGpus.length ? 'software' : 'none';
  const bestGpu = fastest(entry, hardwareGpus.length ? hardwareGpus : softwareGpus);
  const bestCpu = fastest(entry, CPU_BACKENDS);
  const gpuSpeed = bestGpu === null ? undefined : entry.speeds[bestGpu];
  const cpuSpeed = bestCpu === null ? undefined : entry.speeds[bestCpu];
  return {
    entry,
    number,
    gpu,
    bestGpu,
    bestCpu,
    speedUpVsWasm: ratio(entry, bestGpu, FAST_CPU),
    speedUpVsCpu: ratio(entry, bestGpu, PLAIN_CPU),
    cpuAsFast: gpu === 'hardware' && gpuSpeed !== undefined && cpuSpeed !== undefined && cpuSpeed >= gpuSpeed,
    repeats,
  };
}

/** A device's best speed-up, as the board sorts by it: over WebAssembly where it ran, else over plain JS. */
export function bestSpeedUp(device: RoomDevice): number | null {
  return device.speedUpVsWasm ?? device.speedUpVsCpu;
}

const KIND_ORDER: Record<GpuKind, number> = { hardware: 0, software: 1, none: 2 };

/** Hardware GPUs by best speed-up (highest first), then software GPUs likewise, then devices without GPU figures; ties by number. */
export function byBestSpeedUp(a: RoomDevice, b: RoomDevice): number {
  if (a.gpu !== b.gpu) return KIND_ORDER[a.gpu] - KIND_ORDER[b.gpu];
  const [x, y] = [bestSpeedUp(a), bestSpeedUp(b)];
  if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
  return a.number - b.number;
}

export function spreadOf(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  return { count: values.length, median: median(values), q1: percentile(values, 25), q3: percentile(values, 75), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The room of one group: `numbers` gives each result its number on the board (its arrival), and
 * `repeats` how often it was added again.
 */
export function roomOf(group: Pick<BoardGroup, 'workload' | 'entries'>, numbers: ReadonlyMap<string, number>, repeats: Readonly<Record<string, number>> = {}): Room {
  const devices = group.entries.map((e, i) => roomDevice(e, numbers.get(e.id) ?? i + 1, repeats[e.id] ?? 0)).sort(byBestSpeedUp);
  const hardware = devices.filter((d) => d.gpu === 'hardware');
  const medianSpeed: Partial<Record<LaneId, number>> = {};
  for (const b of LANE_IDS) {
    const values = devices.flatMap((d) => (d.entry.software.includes(b) ? [] : (d.entry.speeds[b] ?? [])));
    if (values.length) medianSpeed[b] = median(values);
  }
  const present = (d: RoomDevice, key: 'speedUpVsWasm' | 'speedUpVsCpu') => (d[key] === null ? [] : [d[key] as number]);
  return {
    workload: group.workload,
    devices,
    lanes: LANE_IDS.filter((b) => devices.some((d) => d.entry.speeds[b] !== undefined)),
    speedUpVsWasm: spreadOf(hardware.flatMap((d) => present(d, 'speedUpVsWasm'))),
    speedUpVsCpu: spreadOf(hardware.flatMap((d) => present(d, 'speedUpVsCpu'))),
    medianSpeed,
    hardware: hardware.length,
    software: devices.filter((d) => d.gpu === 'software').length,
    noGpu: devices.filter((d) => d.gpu === 'none').length,
    cpuAsFast: hardware.filter((d) => d.cpuAsFast).length,
    repeats: devices.reduce((sum, d) => sum + d.repeats, 0),
  };
}

/** Each result's number on the board: its place in arrival order, from 1. */
export function boardNumbers(entries: readonly BoardEntry[]): Map<string, number> {
  return new Map(entries.map((e, i) => [e.id, i + 1]));
}
