import { describe, expect, it } from 'vitest';
import { english } from '../i18n/testing/english';
import { msg } from '../i18n/message';
import { laneId, raceLanes } from './gpuEngines';
import { askedLaneIdOf, GPU_LANES, isLaneId, LANE_IDS, laneIdMessage, laneIdOf, laneMessage, laneOf } from './lanes';

describe('lanes', () => {
  it('are the backends, WebGPU once per engine, the app’s first', () => {
    expect(LANE_IDS).toEqual(['cpu', 'wasm', 'webgl', 'webgpu', 'webgpu-tfjs']);
    expect(GPU_LANES).toEqual(['webgl', 'webgpu', 'webgpu-tfjs']);
  });

  it('round-trip between id and lane, as laneId names the race’s lanes', () => {
    for (const id of LANE_IDS) expect(laneId(laneOf(id))).toBe(id);
    expect(raceLanes(['cpu', 'webgpu'], 'both').map(laneId)).toEqual(['cpu', 'webgpu', 'webgpu-tfjs']);
  });

  it('read a row without an engine as TensorFlow.js’s, which every older row means', () => {
    expect(laneIdOf({ backend: 'webgpu' })).toBe('webgpu-tfjs');
    expect(laneIdOf({ backend: 'webgpu', engine: 'app' })).toBe('webgpu');
    expect(laneIdOf({ backend: 'webgl', engine: 'tfjs' })).toBe('webgl');
  });

  it('keep a row that asked for the app’s engine and fell back in the app’s lane', () => {
    const note = msg('engine.gpu.fallback', { reason: 'x' });
    expect(askedLaneIdOf({ backend: 'webgpu', engine: 'tfjs', engineNote: note })).toBe('webgpu');
    expect(askedLaneIdOf({ backend: 'webgpu', engine: 'tfjs' })).toBe('webgpu-tfjs');
  });

  it('refuse anything else as a lane id', () => {
    for (const bad of ['webgpu-app', 'WEBGPU', '', null, 3, 'webgl-tfjs']) expect(isLaneId(bad)).toBe(false);
  });

  it('name the engine on WebGPU only', () => {
    expect(english(laneMessage({ backend: 'webgpu', engine: 'app' }))).toBe("WebGPU · the app's engine");
    expect(english(laneMessage({ backend: 'webgpu', engine: 'tfjs' }))).toBe('WebGPU · TensorFlow.js');
    expect(english(laneMessage({ backend: 'webgpu' }))).toBe('WebGPU · TensorFlow.js');
    expect(english(laneMessage({ backend: 'webgl', engine: 'tfjs' }))).toBe('WebGL');
    expect(english(laneIdMessage('cpu'))).toBe('CPU (plain JS)');
  });
});
