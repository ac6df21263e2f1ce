import { describe, expect, it } from 'vitest';
import type { BackendAvailability } from '../config/backends';
import { msg } from '../i18n/message';
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
