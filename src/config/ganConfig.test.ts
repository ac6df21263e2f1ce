import { describe, expect, it } from 'vitest';
import { defaultGanConfig, GAN_SCHEMA, parseGanConfig, realLabelFor } from './ganConfig';

describe('GAN run config', () => {
  it('defaults to the DCGAN-paper optimiser settings on the MLP GAN', () => {
    expect(defaultGanConfig()).toEqual({
      workload: 'gan',
      backend: 'webgl',
      model: 'mlp',
      dataset: 'mnist',
      batchSize: 64,
      dLearningRate: 2e-4,
      gLearningRate: 2e-4,
      beta1: 0.5,
      dStepsPerGStep: 1,
      latentSize: 100,
      labelSmoothing: 'off',
      digit: 'all',
      steps: 5000,
      seed: 42,
      checkpointEvery: 100,
      gpuEngine: 'app',
    });
  });

  it('parses valid strings into typed values', () => {
    const { config, errors } = parseGanConfig({
      model: 'dcgan',
      dStepsPerGStep: '3',
      latentSize: '64',
      labelSmoothing: 'on',
      digit: '7',
      gLearningRate: '1e-3',
    });
    expect(errors).toEqual([]);
    expect(config).toMatchObject({ workload: 'gan', model: 'dcgan', dStepsPerGStep: 3, latentSize: 64, labelSmoothing: 'on', digit: '7' });
    expect(config.gLearningRate).toBe(0.001);
  });

  // What the refusals say, in English and Chinese: src/i18n/refusals.test.ts.
  it.each([
    ['model', 'stylegan', 'oneOf'],
    ['dStepsPerGStep', '0', 'range'],
    ['dStepsPerGStep', '11', 'range'],
    ['latentSize', '1', 'range'],
    ['latentSize', '100.5', 'notWhole'],
    ['digit', '100', 'oneOf'],
    ['labelSmoothing', 'yes', 'oneOf'],
    ['steps', '2000000', 'range'],
    ['dLearningRate', 'fast', 'notNumber'],
  ])('refuses %s=%s by its rule (%s) and keeps the default', (key, value, code) => {
    const { config, errors } = parseGanConfig({ [key]: value });
    expect(errors).toMatchObject([{ key, refusal: { rule: { code }, got: `'${value}'` } }]);
    const field = GAN_SCHEMA[key as keyof typeof GAN_SCHEMA];
    expect(config[key as keyof typeof GAN_SCHEMA]).toBe(field.default);
  });

  it('maps label smoothing to the real-image target', () => {
    expect(realLabelFor('off')).toBe(1);
    expect(realLabelFor('on')).toBe(0.9);
  });
});
