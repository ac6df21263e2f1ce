import { describe, expect, it } from 'vitest';
import { decodeCheckpoint, encodeCheckpoint, isGanCheckpoint } from './checkpointFormat';
import { sampleCnnCheckpoint, sampleGanCheckpoint, withHeader } from './checkpointFixtures';
import { english } from '../../i18n/testing/english';

type Header = Record<string, unknown>;
const tensorsOf = (h: Header) => h.tensors as { name: string; group: string; shape: number[] }[];
const renamed = (h: Header, from: string, change: object) => ({ ...h, tensors: tensorsOf(h).map((t) => (t.name === from ? { ...t, ...change } : t)) });

function refusal(bytes: Uint8Array): string {
  const reading = decodeCheckpoint(bytes);
  expect(reading.ok).toBe(false);
  return reading.ok ? '' : english(reading.error);
}

const edited = (edit: (h: Header) => unknown) => withHeader(encodeCheckpoint(sampleGanCheckpoint()), edit);

describe('a GAN run in the checkpoint format', () => {
  it('reads as a GAN checkpoint, every setting of its GAN configuration as written, and a CNN file still reads as a CNN one', () => {
    const gan = decodeCheckpoint(encodeCheckpoint(sampleGanCheckpoint()));
    expect(gan.ok && isGanCheckpoint(gan.checkpoint)).toBe(true);
    expect(gan.ok && gan.checkpoint.config).toEqual(sampleGanCheckpoint().config);
    const cnn = decodeCheckpoint(encodeCheckpoint(sampleCnnCheckpoint()));
    expect(cnn.ok && isGanCheckpoint(cnn.checkpoint)).toBe(false);
  });

  it.each([
    ['a CNN progress', (h: Header) => ({ ...h, progress: { ...sampleCnnCheckpoint().progress } }), /its progress lacks "noiseDraws"/],
    ['no noise draw count', (h: Header) => ({ ...h, progress: { ...(h.progress as object), noiseDraws: undefined } }), /its progress lacks "noiseDraws"/],
    ['a fractional noise draw count', (h: Header) => ({ ...h, progress: { ...(h.progress as object), noiseDraws: 2.5 } }), /its noiseDraws is not a whole number/],
    ['a negative generator iteration count', (h: Header) => ({ ...h, progress: { ...(h.progress as object), generatorIterations: -1 } }), /its generatorIterations is not a whole number/],
    ['a CNN summary', (h: Header) => ({ ...h, summary: { ...sampleCnnCheckpoint().summary } }), /its summary lacks "dLossCurve"/],
    ['a G loss curve of strings', (h: Header) => ({ ...h, summary: { ...(h.summary as object), gLossCurve: [['1', '0.7']] } }), /a loss curve step is not a whole number/],
    ['a weight of no network', (h: Header) => renamed(h, 'generator/g_dense1/bias', { name: 'g_dense1/bias' }), /tensor g_dense1\/bias is in no known group/],
    ['an Adam tensor of no network', (h: Header) => renamed(h, 'adam/generator/accBeta1', { name: 'adam/accBeta1' }), /tensor adam\/accBeta1 is in no known group/],
    ['a weight in the optimizer group', (h: Header) => renamed(h, 'generator/g_dense1/bias', { group: 'optimizer' }), /tensor generator\/g_dense1\/bias is in no known group/],
    ['another state tensor', (h: Header) => renamed(h, 'previewNoise', { name: 'trainingNoise' }), /tensor trainingNoise is in no known group/],
    ['no preview noise', (h: Header) => renamed(h, 'previewNoise', { name: 'generator/noise', group: 'weights' }), /the header lacks "previewNoise"/],
    ['preview noise of another latent size', (h: Header) => renamed(h, 'previewNoise', { shape: [2, 4] }), /tensor previewNoise is in no known group/],
    ['a latent size its preview noise does not have', (h: Header) => ({ ...h, config: { ...(h.config as object), latentSize: 3 } }), /tensor previewNoise is in no known group/],
    ['no discriminator weights', (h: Header) => renamed(h, 'discriminator/d_logit/kernel', { name: 'generator/d_logit/kernel' }), /the header lacks "discriminator\/…"/],
  ])('refuses a GAN file with %s', (_, edit, message) => {
    expect(refusal(edited(edit))).toMatch(message);
  });

  it('accepts a file whose networks are swapped: the names are well formed, and the model it is restored into refuses it (ganCheckpointResume.test.ts)', () => {
    const swap = (name: string) => name.replace(/(generator|discriminator)/, (n) => (n === 'generator' ? 'discriminator' : 'generator'));
    const reading = decodeCheckpoint(edited((h) => ({ ...h, tensors: tensorsOf(h).map((t) => ({ ...t, name: swap(t.name) })) })));
    expect(reading.ok && reading.checkpoint.tensors[0].name).toBe('discriminator/g_dense1/kernel');
  });
});
