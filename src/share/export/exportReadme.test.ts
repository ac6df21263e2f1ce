import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import { defaultGanConfig } from '../../config/ganConfig';
import { exportReadme, trainedOn } from './exportReadme';

describe('the exported README says where the browser run trained', () => {
  it('names the backend, and on WebGPU the engine its settings asked for', () => {
    expect(trainedOn({ ...defaultCnnConfig(), backend: 'wasm' })).toBe('It trained in the browser on WebAssembly SIMD (`wasm`).');
    expect(trainedOn({ ...defaultCnnConfig(), backend: 'webgpu', gpuEngine: 'tfjs' })).toBe("It trained in the browser on WebGPU (`webgpu`) with TensorFlow.js's kernels (`gpuEngine`: `tfjs`).");
    expect(trainedOn({ ...defaultGanConfig(), backend: 'webgpu', gpuEngine: 'app' })).toMatch(/^It trained in the browser on WebGPU \(`webgpu`\), its settings asking for the app's own engine \(`gpuEngine`: `app`/);
  });

  it('beside run.json, which holds the same settings', () => {
    const readme = exportReadme({ ...defaultCnnConfig(), backend: 'webgpu', gpuEngine: 'app' }, 'Tiny CNN');
    expect(readme).toContain("`run.json` is the browser run's configuration. It trained in the browser on WebGPU (`webgpu`), its settings asking for the app's own engine");
  });
});
