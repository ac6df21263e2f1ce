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

  it.each([
    ['model', 'stylegan', "Model must be one of mlp, dcgan (got 'stylegan')"],
    ['dStepsPerGStep', '0', "Discriminator steps per generator step must be between 1 and 10 (got '0')"],
    ['dStepsPerGStep', '11', "Discriminator steps per generator step must be between 1 and 10 (got '11')"],
    ['latentSize', '1', "Latent size must be between 2 and 512 dimensions (got '1')"],
    ['latentSize', '100.5', "Latent size must be a whole number (got '100.5')"],
    ['digit', '10', "Digit must be one of all, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (got '10')"],
    ['labelSmoothing', 'yes', "Label smoothing must be one of on, off (got 'yes')"],
    ['steps', '2000000', "Steps must be between 1 and 1000000 generator steps (got '2000000')"],
    ['dLearningRate', 'fast', "Discriminator learning rate must be a number (got 'fast')"],
  ])('refuses %s=%s with a clear message and keeps the default', (key, value, message) => {
    const { config, errors } = parseGanConfig({ [key]: value });
    expect(errors).toMatchObject([{ key, message }]);
    const field = GAN_SCHEMA[key as keyof typeof GAN_SCHEMA];
    expect(config[key as keyof typeof GAN_SCHEMA]).toBe(field.default);
  });

  it('maps label smoothing to the real-image target', () => {
    expect(realLabelFor('off')).toBe(1);
    expect(realLabelFor('on')).toBe(0.9);
  });
});
