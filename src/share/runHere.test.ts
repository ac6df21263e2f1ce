import { describe, expect, it } from 'vitest';
import type { BackendAvailability } from '../config/backends';
import { msg, type Message } from '../i18n/message';
import { Translator } from '../i18n/translator';
import { ownSetResult, SHAPES_HASH, SHAPES_ID, SHAPES_SUMMARY } from './fixtures/ownDataset';
import { english } from '../i18n/testing/english';
import { typicalRaceResult } from './fixtures/typicalRace';
import { planTrainingHere } from './runHere';

const READY = msg('engine.backend.cpu.ready');
const SWIFTSHADER = { renderer: 'SwiftShader', evidence: 'google / swiftshader', fallbackAdapter: true };
const here = (webgpu: 'hardware' | 'software' | 'missing'): BackendAvailability[] => [
  { name: 'cpu', available: true, reason: READY },
  { name: 'wasm', available: true, reason: READY },
  { name: 'webgl', available: false, reason: msg('engine.backend.webgl.refused') },
  webgpu === 'missing' ? { name: 'webgpu', available: false, reason: READY } : { name: 'webgpu', available: true, reason: READY, ...(webgpu === 'software' ? { softwareGpu: SWIFTSHADER } : {}) },
];
const theirRun = { ...typicalRaceResult(), race: null, config: { ...typicalRaceResult().config, backend: 'webgl' as const } };

describe('a shared training run repeated here', () => {
  it('takes a hardware GPU as the stand-in for a missing one', () => {
    const plan = planTrainingHere(theirRun, here('hardware'));
    expect(plan).toMatchObject({ ok: true, config: { backend: 'webgpu' } });
    expect(english(plan.note)).toBe('WebGL is not available here, so it runs on WebGPU.');
  });

  it('never puts a software GPU ahead of WebAssembly as the stand-in', () => {
    const plan = planTrainingHere(theirRun, here('software'));
    expect(plan).toMatchObject({ ok: true, config: { backend: 'wasm' } });
    expect(english(plan.note)).toBe('WebGL is not available here, so it runs on WebAssembly SIMD.');
  });

  it('runs on the sender’s own backend where this browser has it, software or not (the comparison marks it)', () => {
    const theirs = { ...theirRun, config: { ...theirRun.config, backend: 'webgpu' as const } };
    expect(planTrainingHere(theirs, here('software'))).toMatchObject({ ok: true, config: { backend: 'webgpu' }, note: null });
  });

  it('waits for detection', () => {
    expect(planTrainingHere(theirRun, null)).toMatchObject({ ok: false });
  });
});

describe('a shared run on the sender’s own data set', () => {
  const theirs = ownSetResult();

  it('runs here when this browser holds the set (same id and hash)', () => {
    expect(planTrainingHere(theirs, here('hardware'), [SHAPES_SUMMARY])).toMatchObject({ ok: true, config: { dataset: SHAPES_ID } });
  });

  it('is refused in one sentence naming the set when this browser lacks it, in English and Chinese', () => {
    const plan = planTrainingHere(theirs, here('hardware'), []);
    expect(plan.ok).toBe(false);
    expect(english(plan.note)).toBe(
      'This browser does not hold Shapes (your own: 28 × 28 grayscale, 3 classes, 96 + 24 images), the data set the sender trained on: load its data set file (.gpds) under “Your data” to run it here.',
    );
    expect(new Translator('zh-CN').say(plan.note as Message)).toContain('Shapes（你自己的：28 × 28 灰度，3 个类别，96 + 24 张图像）');
  });

  it('is refused when the set kept here under that id has another hash', () => {
    expect(planTrainingHere(theirs, here('hardware'), [{ ...SHAPES_SUMMARY, hash: `${SHAPES_HASH.slice(0, 16)}${'0'.repeat(48)}` }]).ok).toBe(false);
  });

  it('names the set by its id in an older link', () => {
    const { ownDataset: _facts, ...older } = theirs;
    expect(english(planTrainingHere(older, here('hardware'), []).note)).toContain(`does not hold your data set ${SHAPES_ID}, the data set`);
    expect(planTrainingHere(older, here('hardware'), [SHAPES_SUMMARY]).ok).toBe(true);
  });
});
