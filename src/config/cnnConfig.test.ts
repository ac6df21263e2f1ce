import { describe, expect, it } from 'vitest';
import { BACKEND_NAMES, BACKENDS } from './backends';
import { defaultCnnConfig, float16Refusal, parseCnnConfig } from './cnnConfig';
import { CNN_PRESETS } from './cnnPresets';

describe('CNN run config', () => {
  it('defaults to the quick first run, and the full seed run is a preset', () => {
    const c = defaultCnnConfig();
    expect(c).toMatchObject({ workload: 'cnn', model: 'tiny', batchSize: 32, epochs: 1, trainExamples: 30_000, testExamples: 2_000, dataset: 'mnist' });
    const byId = Object.fromEntries(CNN_PRESETS.map((p) => [p.id, p.settings]));
    expect(c).toMatchObject(byId.quick);
    expect(byId.full).toEqual({ model: 'classic', trainExamples: 60_000, epochs: 5, batchSize: 64, testExamples: 10_000 });
  });

  it('parses valid strings as numbers', () => {
    const { config, errors } = parseCnnConfig({ batchSize: '128', learningRate: '0.01', backend: 'cpu' });
    expect(errors).toEqual([]);
    expect(config.batchSize).toBe(128);
    expect(config.learningRate).toBe(0.01);
    expect(config.backend).toBe('cpu');
  });

  it.each([
    ['batchSize', '0', "Batch size must be between 1 and 4096 examples (got '0')"],
    ['batchSize', '1e9', "Batch size must be between 1 and 4096 examples (got '1e9')"],
    ['batchSize', '2.5', "Batch size must be a whole number (got '2.5')"],
    ['learningRate', 'abc', "Learning rate must be a number (got 'abc')"],
    ['batchSize', '0x10', "Batch size must be a number (got '0x10')"],
    ['batchSize', ' 64 ', "Batch size must be a number (got ' 64 ')"],
    ['learningRate', '-1', "Learning rate must be between 0.000001 and 1 (got '-1')"],
    ['backend', 'cuda', "Backend must be one of cpu, wasm, webgl, webgpu (got 'cuda')"],
  ])('refuses %s=%s with a clear message and keeps the default', (key, value, message) => {
    const { config, errors } = parseCnnConfig({ [key]: value });
    expect(errors).toMatchObject([{ key, message }]);
    expect(config[key as keyof typeof config]).toBe(defaultCnnConfig()[key as keyof typeof config]);
  });

  it("defaults the memory and pipeline settings to today's behaviour: no accumulation, float32, data on the device with prefetch, no budget", () => {
    expect(defaultCnnConfig()).toMatchObject({ accumulationSteps: 1, precision: 'float32', prefetch: 'on', dataPlacement: 'device', memoryBudgetMb: 0 });
  });

  it('accepts 16-bit floats only on a backend whose table entry says TensorFlow.js can train in 16 bits, and says why not elsewhere', () => {
    for (const backend of BACKEND_NAMES) {
      const { errors } = parseCnnConfig({ backend, precision: 'float16' });
      if (BACKENDS[backend].float16.supported) expect(errors).toEqual([]);
      else expect(errors).toEqual([{ key: 'precision', message: float16Refusal(backend) }]);
    }
    expect(parseCnnConfig({ backend: 'webgl', precision: 'float16' }).errors).toEqual([]);
    expect(float16Refusal('webgpu')).toMatch(/^16-bit floats are not available on WebGPU: .*'shader-f16'/);
  });

  it.each([
    ['accumulationSteps', '65', "Accumulate gradients over must be between 1 and 64 micro-batches (got '65')"],
    ['accumulationSteps', '0', "Accumulate gradients over must be between 1 and 64 micro-batches (got '0')"],
    ['memoryBudgetMb', '-1', "GPU memory budget must be between 0 and 65536 MB (got '-1')"],
    ['dataPlacement', 'disk', "Training data must be one of device, host (got 'disk')"],
  ])('refuses %s=%s', (key, value, message) => {
    expect(parseCnnConfig({ [key]: value }).errors).toMatchObject([{ key, message }]);
  });
});
