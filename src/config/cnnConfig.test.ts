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

  // What the refusals say, in English and Chinese: src/i18n/refusals.test.ts.
  it.each([
    ['batchSize', '0', 'range'],
    ['batchSize', '1e9', 'range'],
    ['batchSize', '2.5', 'notWhole'],
    ['learningRate', 'abc', 'notNumber'],
    ['batchSize', '0x10', 'notNumber'],
    ['batchSize', ' 64 ', 'notNumber'],
    ['learningRate', '-1', 'range'],
    ['backend', 'cuda', 'oneOf'],
  ])('refuses %s=%s by its rule (%s) and keeps the default', (key, value, code) => {
    const { config, errors } = parseCnnConfig({ [key]: value });
    expect(errors).toMatchObject([{ key, refusal: { rule: { code }, got: `'${value}'` } }]);
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
    expect(float16Refusal('webgpu')).toEqual({ id: 'validation.float16', values: { backend: { id: 'backend.webgpu' }, note: { id: 'backend.webgpu.float16' } } });
  });

  it.each([
    ['accumulationSteps', '65', 'range'],
    ['accumulationSteps', '0', 'range'],
    ['memoryBudgetMb', '-1', 'range'],
    ['dataPlacement', 'disk', 'oneOf'],
  ])('refuses %s=%s (%s)', (key, value, code) => {
    expect(parseCnnConfig({ [key]: value }).errors).toMatchObject([{ key, refusal: { rule: { code } } }]);
  });
});
