import { describe, expect, it } from 'vitest';
import type { BackendAvailability } from '../config/backends';
import { typicalRaceResult } from './fixtures/typicalRace';
import { planTrainingHere } from './runHere';

const SWIFTSHADER = { renderer: 'SwiftShader', evidence: 'google / swiftshader', fallbackAdapter: true };
const here = (webgpu: 'hardware' | 'software' | 'missing'): BackendAvailability[] => [
  { name: 'cpu', available: true, reason: '' },
  { name: 'wasm', available: true, reason: '' },
  { name: 'webgl', available: false, reason: 'no WebGL here' },
  webgpu === 'missing' ? { name: 'webgpu', available: false, reason: '' } : { name: 'webgpu', available: true, reason: '', ...(webgpu === 'software' ? { softwareGpu: SWIFTSHADER } : {}) },
];
const theirRun = { ...typicalRaceResult(), race: null, config: { ...typicalRaceResult().config, backend: 'webgl' as const } };

describe('a shared training run repeated here', () => {
  it('takes a hardware GPU as the stand-in for a missing one', () => {
    expect(planTrainingHere(theirRun, here('hardware'))).toMatchObject({ ok: true, config: { backend: 'webgpu' }, note: 'WebGL is not available here, so it runs on WebGPU.' });
  });

  it('never puts a software GPU ahead of WebAssembly as the stand-in', () => {
    expect(planTrainingHere(theirRun, here('software'))).toMatchObject({ ok: true, config: { backend: 'wasm' }, note: 'WebGL is not available here, so it runs on WebAssembly SIMD.' });
  });

  it('runs on the sender’s own backend where this browser has it, software or not (the comparison marks it)', () => {
    const theirs = { ...theirRun, config: { ...theirRun.config, backend: 'webgpu' as const } };
    expect(planTrainingHere(theirs, here('software'))).toMatchObject({ ok: true, config: { backend: 'webgpu' }, note: null });
  });

  it('waits for detection', () => {
    expect(planTrainingHere(theirRun, null)).toMatchObject({ ok: false });
  });
});
