import { describe, expect, it } from 'vitest';
import { typicalRaceResult } from './fixtures/typicalRace';
import type { SharedResult } from './resultDoc';
import { compareResults, comparisonRowsCsv, comparisonStepsCsv, comparisonToJson, figureLabel, FIGURES, ratioOf } from './comparison';
import { Translator } from '../i18n/translator';

const theirs = typicalRaceResult();
const yours: SharedResult = {
  ...theirs,
  rows: theirs.rows.filter((r) => r.backend !== 'webgpu').map((r) => ({ ...r, examplesPerSec: r.examplesPerSec * 2, finalLoss: undefined })),
  curves: [{ name: 'loss (cpu)', points: [[1, 2]] }],
};

describe('two results side by side', () => {
  it('pairs rows by lane and gives B ÷ A for each figure either has', () => {
    const rows = compareResults(theirs, yours);
    expect(rows.map((r) => r.key)).toEqual(['cpu', 'webgl', 'webgpu-tfjs']);
    const cpuThroughput = rows[0].figures.find((f) => f.figure.key === 'examplesPerSec');
    expect(cpuThroughput?.ratio).toBeCloseTo(2, 10);
    const webgpu = rows[2].figures.find((f) => f.figure.key === 'examplesPerSec');
    expect(webgpu).toMatchObject({ b: null, ratio: null });
    expect(rows[0].figures.find((f) => f.figure.key === 'finalLoss')).toMatchObject({ b: null, ratio: null });
    expect(rows[0].figures.some((f) => f.figure.key === 'testAccuracy')).toBe(false);
    expect(ratioOf(0, 5)).toBeNull();
  });

  it("shows each race's speed-ups over its own CPU rows on both sides, without a ratio of ratios", () => {
    const rows = compareResults(theirs, yours);
    const webgl = rows.find((r) => r.key === 'webgl');
    const speedUp = webgl?.figures.find((f) => f.figure.key === 'speedUpVsCpu');
    const cpuA = theirs.rows.find((r) => r.backend === 'cpu')?.examplesPerSec ?? NaN;
    const webglA = theirs.rows.find((r) => r.backend === 'webgl')?.examplesPerSec ?? NaN;
    expect(speedUp?.a).toBeCloseTo(webglA / cpuA, 10);
    // Yours doubled every row: the same speed-up.
    expect(speedUp?.b).toBeCloseTo(webglA / cpuA, 10);
    expect(speedUp?.ratio).toBeNull();
    expect(rows.find((r) => r.key === 'webgpu-tfjs')?.figures.find((f) => f.figure.key === 'speedUpVsCpu')).toMatchObject({ b: null });
    // Neither race ran wasm: no column that could only say "–".
    expect(rows[0].figures.some((f) => f.figure.key === 'speedUpVsWasm')).toBe(false);
    const withWasm: SharedResult = { ...yours, rows: [...yours.rows, { ...yours.rows[0], backend: 'wasm', examplesPerSec: 50 }] };
    const wasmRow = compareResults(theirs, withWasm).find((r) => r.key === 'cpu');
    expect(wasmRow?.figures.find((f) => f.figure.key === 'speedUpVsWasm')).toMatchObject({ a: null, b: (yours.rows[0].examplesPerSec ?? NaN) / 50 });
  });

  it('says which side ran each GPU row on a software GPU', () => {
    const onTheCpu: SharedResult = { ...yours, rows: yours.rows.map((r) => (r.backend === 'webgl' ? { ...r, softwareGpu: true } : r)) };
    const rows = compareResults(theirs, onTheCpu);
    expect(rows.map((r) => [r.key, r.softwareGpu])).toEqual([
      ['cpu', { a: false, b: false }],
      ['webgl', { a: false, b: true }],
      ['webgpu-tfjs', { a: false, b: false }],
    ]);
  });

  it('never compares WebGPU on the app’s engine with WebGPU on TensorFlow.js’s: an older race’s WebGPU row meets its own lane', () => {
    const tfjsRow = theirs.rows.find((r) => r.backend === 'webgpu') as SharedResult['rows'][number];
    const both: SharedResult = { ...theirs, race: { ...(theirs.race as NonNullable<SharedResult['race']>), webgpuEngines: 'both' }, rows: [...theirs.rows, { ...tfjsRow, engine: 'app', examplesPerSec: tfjsRow.examplesPerSec * 4 }] };
    const rows = compareResults(theirs, both);
    expect(rows.map((r) => [r.key, r.row.engine])).toEqual([
      ['cpu', undefined],
      ['webgl', undefined],
      ['webgpu-tfjs', undefined],
      ['webgpu', 'app'],
    ]);
    const throughput = (key: string) => rows.find((r) => r.key === key)?.figures.find((f) => f.figure.key === 'examplesPerSec');
    expect(throughput('webgpu-tfjs')?.ratio).toBe(1);
    expect(throughput('webgpu')).toMatchObject({ a: null, ratio: null });
    // Each lane's speed-up over its own side's CPU row.
    const cpu = theirs.rows[0].examplesPerSec;
    expect(rows[3].figures.find((f) => f.figure.key === 'speedUpVsCpu')?.b).toBeCloseTo((tfjsRow.examplesPerSec * 4) / cpu, 10);
    const csv = comparisonRowsCsv({ label: 'A', result: theirs }, { label: 'B', result: both }).split('\r\n');
    expect(csv.slice(3, 5).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(['app,webgpu,tfjs', 'app,webgpu,app']);
  });

  it('gives no speed-ups when neither result is a race', () => {
    const rows = compareResults({ ...theirs, race: null }, { ...yours, race: null });
    expect(rows[0].figures.some((f) => f.figure.key.startsWith('speedUp'))).toBe(false);
  });

  it('exports both documents unchanged, a line per backend and a line per step', () => {
    const a = { label: 'Theirs', result: theirs };
    const b = { label: 'Yours', result: yours };
    expect(JSON.parse(comparisonToJson(a, b))).toEqual(JSON.parse(JSON.stringify({ comparison: [a, b] })));
    const lines = comparisonRowsCsv(a, b).trimEnd().split('\r\n');
    expect(lines[0].startsWith('loop,backend,engine,Theirs examplesPerSec,Yours examplesPerSec,ratio examplesPerSec,')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[1].startsWith('app,cpu,,')).toBe(true);
    expect(lines[3].startsWith('app,webgpu,tfjs,')).toBe(true);
    const steps = comparisonStepsCsv(a, b).split('\r\n');
    expect(steps[0]).toBe('step,Theirs: loss,Theirs: examples/s,Theirs: GPU bytes,Yours: loss (cpu)');
    expect(steps[1].endsWith(',2')).toBe(true);
  });

  it('names figures and CSV headers in Chinese with a Chinese translator', () => {
    const zh = new Translator('zh-CN');
    expect(FIGURES.map((f) => figureLabel(f))).toContain('Median step (ms)');
    expect(figureLabel(FIGURES[0], zh)).toBe('样本/秒');
    const a = { label: '对方', result: theirs };
    const b = { label: '你的', result: yours };
    expect(comparisonRowsCsv(a, b, zh).startsWith('循环,后端,引擎,对方 样本/秒,你的 样本/秒,比值 样本/秒,')).toBe(true);
    expect(comparisonStepsCsv(a, b, zh).split('\r\n')[0]).toBe('步,对方：loss,对方：examples/s,对方：GPU bytes,你的：loss (cpu)');
  });
});
