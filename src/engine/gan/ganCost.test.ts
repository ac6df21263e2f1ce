import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAN_MODEL_IDS } from '../../config/models';
import { getGanModel } from '../../models/gan/registry';
import { ganCost, ganIterationFlopsPerExample } from './ganCost';

const LATENT_SIZE = 100;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('GAN cost', () => {
  it('MLP GAN: forward FLOPs by hand, and the step formulas', () => {
    const cost = ganCost(getGanModel('mlp'), LATENT_SIZE);
    // Dense: 2·in·out multiply-adds + out bias adds (+ out for tanh/sigmoid); LeakyReLU: 1 per element; Reshape, Flatten: 0.
    const generatorForward =
      2 * 100 * 256 + 256 + 256 + (2 * 256 * 512 + 512 + 512) + (2 * 512 * 1024 + 1024 + 1024) + (2 * 1024 * 784 + 784 + 784);
    const discriminatorForward = 2 * 784 * 512 + 512 + 512 + (2 * 512 * 256 + 256 + 256) + (2 * 256 * 1 + 1 + 1);
    expect(cost.generator.forwardFlopsPerExample).toBe(generatorForward);
    expect(cost.discriminator.forwardFlopsPerExample).toBe(discriminatorForward);
    expect(cost.generator.params).toBe(1_486_352);
    expect(cost.discriminator.params).toBe(533_505);
    // D step: G forward + 3x D forward on the real and the fake image; G step: 3x (G + D) forward.
    expect(cost.dStepFlopsPerExample).toBe(generatorForward + 2 * 3 * discriminatorForward);
    expect(cost.gStepFlopsPerExample).toBe(3 * (generatorForward + discriminatorForward));
    expect(cost.dStepFlopsPerExample).toBe(9_374_764);
    expect(cost.gStepFlopsPerExample).toBe(12_119_142);
  });

  it.each(GAN_MODEL_IDS)('%s: an iteration is k discriminator steps plus one generator step', (id) => {
    const cost = ganCost(getGanModel(id), LATENT_SIZE);
    const { generator: g, discriminator: d } = cost;
    expect(g.forwardFlopsPerExample).toBeGreaterThan(0);
    expect(d.forwardFlopsPerExample).toBeGreaterThan(0);
    expect(cost.dStepFlopsPerExample).toBe(g.forwardFlopsPerExample + 2 * d.trainFlopsPerExample);
    expect(cost.gStepFlopsPerExample).toBe(g.trainFlopsPerExample + d.trainFlopsPerExample);
    expect(ganIterationFlopsPerExample(cost, 1)).toBe(cost.dStepFlopsPerExample + cost.gStepFlopsPerExample);
    expect(ganIterationFlopsPerExample(cost, 3)).toBe(3 * cost.dStepFlopsPerExample + cost.gStepFlopsPerExample);
  });

  it('DCGAN: the two 5x5 convolutions between 64 and 32 channels at 7x7↔14x14 dominate', () => {
    const cost = ganCost(getGanModel('dcgan'), LATENT_SIZE);
    // Transposed conv 7x7x64 → 14x14x32: each input element scatters 5·5·32 multiply-adds.
    const deconv1 = cost.generator.layers.find((layer) => layer.name === 'g_deconv1');
    expect(deconv1?.forwardFlops).toBe(2 * 5 * 5 * 32 * (7 * 7 * 64) + 14 * 14 * 32);
    // Conv 14x14x32 → 7x7x64: each output element sums 5·5·32 multiply-adds.
    const conv2 = cost.discriminator.layers.find((layer) => layer.name === 'd_conv2');
    expect(conv2?.forwardFlops).toBe(2 * 5 * 5 * 32 * (7 * 7 * 64) + 7 * 7 * 64);
    expect(cost.generator.params).toBe(368_769);
    expect(cost.discriminator.params).toBe(55_233);
  });

  it('disposes the networks it builds to measure', () => {
    const before = tf.memory().numTensors;
    ganCost(getGanModel('dcgan'), LATENT_SIZE);
    expect(tf.memory().numTensors).toBe(before);
  });
});
