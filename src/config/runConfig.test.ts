import { describe, expect, it } from 'vitest';
import { defaultCnnConfig, parseCnnConfig } from './runConfig';

describe('CNN run config', () => {
  it('defaults to the classic Keras example', () => {
    const c = defaultCnnConfig();
    expect(c).toMatchObject({ workload: 'cnn', model: 'classic', batchSize: 64, epochs: 5, dataset: 'mnist' });
  });

  it('parses valid strings as numbers', () => {
    const { config, errors } = parseCnnConfig({ batchSize: '128', learningRate: '0.01', backend: 'cpu' });
    expect(errors).toEqual([]);
    expect(config.batchSize).toBe(128);
    expect(config.learningRate).toBe(0.01);
    expect(config.backend).toBe('cpu');
  });

  it.each([
    ['batchSize', '0', 'Batch size must be between 1 and 4096 examples'],
    ['batchSize', '1e9', 'Batch size must be between 1 and 4096 examples'],
    ['batchSize', '2.5', 'Batch size must be a whole number'],
    ['learningRate', 'abc', 'Learning rate must be a number'],
    ['batchSize', '0x10', 'Batch size must be a number'],
    ['batchSize', ' 64 ', 'Batch size must be a number'],
    ['learningRate', '-1', 'Learning rate must be between 0.000001 and 1'],
    ['backend', 'cuda', 'Backend must be one of cpu, wasm, webgl, webgpu'],
  ])('refuses %s=%s with a clear message and keeps the default', (key, value, message) => {
    const { config, errors } = parseCnnConfig({ [key]: value });
    expect(errors).toEqual([{ key, message }]);
    expect(config[key as keyof typeof config]).toBe(defaultCnnConfig()[key as keyof typeof config]);
  });
});
