import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { Translator } from '../../i18n/translator';
import { PROFILES, roomResults } from '../fixtures/classRoom';
import { validateSharedResult } from '../resultDoc';
import { boardEntryOf, type BoardEntry, type BoardWorkload } from './boardEntry';
import { boardNumbers, roomOf } from './boardRoom';
import { deviceMessage, gpuName, markedLaneMessage, ratioText, roomCsv, roomFindings, roomSeries, seriesMessage, sortDevices, workloadMessage } from './boardText';
import { laneIdOf, type LaneId } from '../../config/lanes';
import { raceOfBothEngines } from '../fixtures/engineResults';

const RACE: BoardWorkload = { kind: 'race', model: 'tiny', dataset: 'mnist', batchSize: 16, warmupSteps: 1, steps: 3, app: '0.1.0' };
const device = (renderer: string) => ({ gpuVendor: '', renderer, os: 'Linux', browser: 'Chrome 131' });

function entry(id: string, renderer: string, speeds: Partial<Record<LaneId, number>>, software: LaneId[] = []): BoardEntry {
  return { id, workload: RACE, device: device(renderer), speeds, software };
}

/** Four students: two hardware GPUs (one slower than its own WebAssembly), a software GPU, and a browser without GPU figures. */
const ENTRIES = [
  entry('a', 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Laptop GPU (0x00002560) Direct3D11 vs_5_0 ps_5_0, D3D11)', { cpu: 50, wasm: 500, webgl: 3000, webgpu: 4000 }),
  entry('b', 'ANGLE (Intel, Intel(R) UHD Graphics 620 (0x00005917) Direct3D11 vs_5_0 ps_5_0, D3D11)', { cpu: 30, wasm: 420, webgl: 380, webgpu: 400 }),
  entry('c', 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', { cpu: 28, wasm: 380, webgl: 120, webgpu: 60 }, ['webgl', 'webgpu']),
  entry('d', '', { cpu: 20, wasm: 200 }),
];

describe('the room', () => {
  const room = roomOf({ workload: RACE, entries: ENTRIES }, boardNumbers(ENTRIES), { b: 2 });

  it('puts hardware GPUs first by best speed-up, then software GPUs, then devices without GPU figures', () => {
    expect(room.devices.map((d) => [d.number, d.gpu, d.bestGpu])).toEqual([
      [1, 'hardware', 'webgpu'],
      [2, 'hardware', 'webgpu'],
      [3, 'software', 'webgl'],
      [4, 'none', null],
    ]);
    expect(room.devices[0].speedUpVsWasm).toBe(8);
    expect(room.devices[0].speedUpVsCpu).toBe(80);
    expect(room.devices[1].cpuAsFast).toBe(true);
    expect(room.devices[2].speedUpVsWasm).toBeCloseTo(120 / 380);
  });

  it('keeps a software GPU out of the speed-ups and the GPU backends’ medians', () => {
    expect(room.speedUpVsWasm).toEqual({ count: 2, median: (8 + 400 / 420) / 2, q1: expect.any(Number), q3: expect.any(Number), min: 400 / 420, max: 8 });
    expect(room.medianSpeed).toEqual({ cpu: 29, wasm: 400, webgl: (3000 + 380) / 2, webgpu: (4000 + 400) / 2 });
    expect([room.hardware, room.software, room.noGpu, room.cpuAsFast, room.repeats]).toEqual([2, 1, 1, 1, 2]);
  });

  it('says what the room found, and never calls a software GPU’s ratio a speed-up', () => {
    expect(english(roomFindings(room))).toEqual([
      '4 devices ran this race (2 results were pasted again and are counted once).',
      'Best GPU against the same device’s WebAssembly: median 4.48×, from 0.952× to 8×, the middle half 2.71× to 6.24× (2 devices with a hardware GPU).',
      'Best GPU against the same device’s plain-JS CPU: median 46.7×, from 13.3× to 80×, the middle half 30× to 63.3×.',
      'The CPU was as fast as the GPU, or faster, on 1 of 2 devices with a hardware GPU.',
      '1 device had no hardware GPU: WebGL and WebGPU ran on the CPU (a software renderer), so their ratios compare the CPU with the CPU and are no GPU speed-up.',
      '1 device has no GPU figures at all.',
    ]);
    const en = new Translator('en');
    expect(ratioText(room.devices[2], room.devices[2].speedUpVsWasm, en)).toBe('0.316×, CPU vs CPU');
    expect(ratioText(room.devices[0], room.devices[0].speedUpVsWasm, en)).toBe('8×');
    expect(english(room.devices.map(deviceMessage))).toEqual(['1. NVIDIA GeForce RTX 3060 Laptop GPU', '2. Intel(R) UHD Graphics 620', '3. SwiftShader (software GPU)', '4. GPU not named']);
    expect(english(workloadMessage(RACE))).toBe('Race: Tiny CNN, MNIST digits, batch 16, 1 warm-up + 3 measured steps, app 0.1.0');
  });

  it('draws each lane as a series, a GPU lane’s software points as a series of their own', () => {
    expect(roomSeries(room).map((s) => [s.lane, s.software, s.points])).toEqual([
      ['cpu', false, [50, 30, 28, 20]],
      ['wasm', false, [500, 420, 380, 200]],
      ['webgl', false, [3000, 380, null, null]],
      ['webgl', true, [null, null, 120, null]],
      ['webgpu', false, [4000, 400, null, null]],
      ['webgpu', true, [null, null, 60, null]],
    ]);
  });

  it('sorts the table by any column, missing values (and CPU-vs-CPU ratios) last', () => {
    const numbers = (key: Parameters<typeof sortDevices>[1], direction: 'ascending' | 'descending') => sortDevices(room.devices, key, direction).map((d) => d.number);
    expect(numbers('speed.webgl', 'descending')).toEqual([1, 2, 3, 4]);
    expect(numbers('speed.webgl', 'ascending')).toEqual([3, 2, 1, 4]);
    expect(numbers('vsWasm', 'ascending')).toEqual([2, 1, 3, 4]);
    expect(numbers('device', 'ascending')).toEqual([2, 1, 3, 4]);
    expect(numbers('best', 'ascending')).toEqual([4, 3, 2, 1]);
  });

  it('exports one CSV line per device in the board’s order', () => {
    const lines = roomCsv(room).split('\r\n');
    // Lanes as a shared result's curves name them: the app's engine's WebGPU never reads as an older export's webgpu.
    expect(lines[0]).toBe('number,gpu,gpuVendor,renderer,os,browser,examplesPerSec cpu,examplesPerSec wasm,examplesPerSec webgl,examplesPerSec webgpu app engine,softwareGpu,bestGpu,bestGpuVsWasm,bestGpuVsCpu,timesAdded');
    expect(lines[3]).toBe('3,SwiftShader,,"ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)",Linux,Chrome 131,28,380,120,60,webgl webgpu app engine,webgl,0.3157894736842105,4.285714285714286,1');
    expect(lines[2].endsWith(',3')).toBe(true);
  });
});

describe('WebGPU on the board, once per engine', () => {
  /** Two students: one shared a race of both engines, the other an older race of TensorFlow.js's only. */
  const both = entry('e', 'ANGLE (NVIDIA, NVIDIA GeForce RTX 4070 Direct3D11 vs_5_0 ps_5_0, D3D11)', { cpu: 40, wasm: 400, webgpu: 8000, 'webgpu-tfjs': 2000 });
  const older = entry('f', 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Laptop GPU (0x00002560) Direct3D11 vs_5_0 ps_5_0, D3D11)', { cpu: 30, wasm: 300, 'webgpu-tfjs': 1500 });
  const room = roomOf({ workload: RACE, entries: [both, older] }, boardNumbers([both, older]));

  it('keeps the lanes apart: a column, a median and a series each, never the app’s engine beside TensorFlow.js’s', () => {
    expect(room.lanes).toEqual(['cpu', 'wasm', 'webgpu', 'webgpu-tfjs']);
    expect(room.medianSpeed).toEqual({ cpu: 35, wasm: 350, webgpu: 8000, 'webgpu-tfjs': 1750 });
    expect(english(roomSeries(room).map(seriesMessage))).toEqual(['CPU (plain JS)', 'WebAssembly SIMD', "WebGPU · the app's engine", 'WebGPU · TensorFlow.js']);
  });

  it('takes each device’s fastest GPU lane as its best, whichever engine', () => {
    expect(room.devices.map((d) => [d.number, d.bestGpu, d.speedUpVsWasm])).toEqual([
      [1, 'webgpu', 20],
      [2, 'webgpu-tfjs', 5],
    ]);
    expect(english(markedLaneMessage('webgpu-tfjs', true))).toBe('WebGPU · TensorFlow.js (software, on the CPU)');
  });

  it('reads a shared race of both engines into both lanes, its software marks per lane', () => {
    const read = validateSharedResult(JSON.parse(JSON.stringify(raceOfBothEngines()))).result!;
    expect(boardEntryOf(read)?.speeds).toEqual({ cpu: 100, wasm: 400, webgpu: 3200, 'webgpu-tfjs': 800 });
    const onCpu = { ...read, rows: read.rows.map((r) => (r.backend === 'webgpu' && r.engine === undefined ? { ...r, softwareGpu: true } : r)) };
    expect(boardEntryOf(onCpu)?.software).toEqual(['webgpu-tfjs']);
  });
});

describe('a result on the board', () => {
  it('keeps each lane’s throughput and its software GPUs, flagged or judged from the device report', () => {
    const results = roomResults(40, 7).map((r) => ({ ...r, read: validateSharedResult(JSON.parse(JSON.stringify(r.result))).result! }));
    for (const { profile, result, read } of results) {
      const entry = boardEntryOf(read)!;
      // Results shared before the app's engine: their WebGPU is TensorFlow.js's lane.
      expect(Object.keys(entry.speeds)).toEqual(result.rows.map(laneIdOf));
      const software = ['school desktop without a GPU driver', 'old Linux laptop (llvmpipe)'].includes(profile);
      expect(entry.software.length > 0, profile).toBe(software);
    }
    expect(new Set(results.map((r) => r.profile)).size).toBe(PROFILES.length);
  });

  it('names the GPU as people call it', () => {
    const names = PROFILES.map((p) => gpuName({ gpuVendor: p.webgpu?.vendor ?? '', renderer: p.webglRenderer ?? '', os: '', browser: '' }));
    expect(names).toEqual([
      'NVIDIA GeForce RTX 3060 Laptop GPU',
      'Intel(R) UHD Graphics 620',
      'AMD Radeon(TM) Graphics',
      'Apple M1',
      'Apple GPU',
      'Mesa Intel(R) Xe Graphics (TGL GT2)',
      'Adreno (TM) 650',
      'NVIDIA GeForce GTX 980, or similar',
      'SwiftShader',
      'llvmpipe',
    ]);
  });
});
