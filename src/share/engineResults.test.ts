import { describe, expect, it } from 'vitest';
import { laneIdOf } from '../config/lanes';
import { english } from '../i18n/testing/english';
import { msg } from '../i18n/message';
import { resultEngineGapMessage } from './engineGap';
import { RACE_BEFORE_ENGINES, raceOfBothEngines, RUN_BEFORE_ENGINES } from './fixtures/engineResults';
import { decodeResultLink, encodeResultLink } from './linkCodec';
import { validateSharedResult } from './resultDoc';
import { laneOfSeries } from './curveNames';
import { planRaceHere, planTrainingHere } from './runHere';
import { settingsHashOfResult } from './resultSettings';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const READY = msg('engine.backend.cpu.ready');
const ALL_HERE = (['cpu', 'wasm', 'webgl', 'webgpu'] as const).map((name) => ({ name, available: true, reason: READY }));

describe('a result shared before the app’s engine', () => {
  it('reads as TensorFlow.js’s kernels everywhere: its WebGPU row and curve, its race and its configuration', () => {
    const { result, errors } = validateSharedResult(copy(RACE_BEFORE_ENGINES));
    expect(english(errors)).toEqual([]);
    expect(result?.rows.map(laneIdOf)).toEqual(['cpu', 'wasm', 'webgpu-tfjs']);
    expect(result?.race).toEqual({ backends: ['cpu', 'wasm', 'webgpu'], warmupSteps: 1, measuredSteps: 3, webgpuEngines: 'tfjs' });
    expect(result?.config.gpuEngine).toBe('tfjs');
    expect(laneOfSeries('webgpu')).toBe('webgpu-tfjs');
  });

  it('is repeated here on the same lanes: TensorFlow.js’s WebGPU only, its link’s settings saying so', () => {
    const race = validateSharedResult(copy(RACE_BEFORE_ENGINES)).result;
    const plan = race && planRaceHere(race, ['cpu', 'wasm', 'webgpu']);
    expect(plan).toMatchObject({ ok: true, settings: { backends: ['cpu', 'wasm', 'webgpu'], webgpuEngines: 'tfjs' }, note: null });
    expect(race && settingsHashOfResult(race)).toContain('webgpuEngines=tfjs');
    const run = validateSharedResult(copy(RUN_BEFORE_ENGINES)).result;
    expect(run && planTrainingHere(run, ALL_HERE)).toMatchObject({ ok: true, config: { backend: 'webgpu', gpuEngine: 'tfjs' } });
  });
});

describe('a race of both WebGPU lanes', () => {
  it('survives its link: the app’s engine’s row, both lanes’ curves, and the race’s engines', async () => {
    const result = raceOfBothEngines();
    const decoded = await decodeResultLink(await encodeResultLink(result));
    expect(english(decoded.errors)).toEqual([]);
    expect(decoded.result).toEqual(result);
    expect(decoded.result?.rows.map(laneIdOf)).toEqual(['cpu', 'wasm', 'webgpu', 'webgpu-tfjs']);
    expect(decoded.result?.curves.map((c) => laneOfSeries(/\((.*)\)$/.exec(c.name)?.[1] ?? ''))).toEqual(['webgpu', 'webgpu-tfjs']);
  });

  it('is repeated here with both engines', () => {
    expect(planRaceHere(raceOfBothEngines(), ['cpu', 'wasm', 'webgpu'])).toMatchObject({ ok: true, settings: { webgpuEngines: 'both' } });
  });

  it('says how much of its WebGPU step was the GPU and how much the software around it; a race of one engine says nothing', () => {
    expect(english(resultEngineGapMessage(raceOfBothEngines()))).toMatch(/^WebGPU ran the same step twice on this GPU: the app's engine in 5 ms, TensorFlow\.js in 20 ms \(4× as long\)/);
    const software = { ...raceOfBothEngines(), rows: raceOfBothEngines().rows.map((r) => (r.backend === 'webgpu' ? { ...r, softwareGpu: true } : r)) };
    expect(english(resultEngineGapMessage(software))).toMatch(/^WebGPU ran the same step twice, on the CPU here/);
    expect(resultEngineGapMessage(validateSharedResult(copy(RACE_BEFORE_ENGINES)).result!)).toBeNull();
    expect(resultEngineGapMessage({ ...raceOfBothEngines(), race: null })).toBeNull();
  });
});

describe('a row’s engine from a link', () => {
  const withRow = (patch: Record<string, unknown>) => {
    const doc = copy(raceOfBothEngines()) as unknown as { rows: Record<string, unknown>[] };
    doc.rows[2] = { ...doc.rows[2], ...patch };
    return validateSharedResult(doc);
  };

  it('reads tfjs as no engine, the same row as an older link’s', () => {
    const { result, errors } = withRow({ engine: 'tfjs' });
    expect(english(errors)).toEqual([]);
    expect(result?.rows[2].engine).toBeUndefined();
  });

  it.each([['gpu'], [''], [1], [true], [null], [['app']], [{ app: true }], ['APP'], ['__proto__']])('refuses %j with a sentence, keeping the row as TensorFlow.js’s', (engine) => {
    const { result, errors } = withRow({ engine });
    expect(english(errors)).toEqual([expect.stringMatching(/^Summary row 3: engine must be one of app, tfjs \(got .*\); it was ignored, so the row counts as TensorFlow\.js's kernels$/)]);
    expect(result?.rows[2]).toMatchObject({ backend: 'webgpu', examplesPerSec: 3200 });
    expect(result?.rows[2].engine).toBeUndefined();
  });

  it('refuses the app’s engine on a backend that has no engine choice', () => {
    const { result, errors } = withRow({ backend: 'webgl' });
    expect(english(errors)).toEqual(['Summary row 3: engine applies to WebGPU rows only, not webgl; it was ignored']);
    expect(result?.rows[2]).toMatchObject({ backend: 'webgl' });
    expect(result?.rows[2].engine).toBeUndefined();
  });

  it('refuses a race’s or a run’s unknown engines like any other setting', () => {
    const doc = copy(raceOfBothEngines()) as unknown as { race: Record<string, unknown>; config: Record<string, unknown> };
    doc.race.webgpuEngines = 'all';
    doc.config.gpuEngine = '<script>';
    const { result, errors } = validateSharedResult(doc);
    expect(english(errors)).toEqual(["WebGPU engine must be one of app, tfjs (got '<script>')", "WebGPU engines must be one of both, app, tfjs (got 'all')"]);
    expect(result?.race?.webgpuEngines).toBe('both');
    expect(result?.config.gpuEngine).toBe('app');
  });
});
