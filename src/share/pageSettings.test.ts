import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from './migrations';
import { defaultPageSettings, settingsFromHash, settingsToHash, type PageSettings } from './pageSettings';
import { english } from '../i18n/testing/english';

const V = `#v=${SCHEMA_VERSION}`;

function roundTrip(settings: PageSettings): PageSettings {
  return settingsFromHash(settingsToHash(settings), defaultPageSettings()).settings;
}

describe('page settings in the URL hash', () => {
  it('writes only the open view and its non-default settings', () => {
    const settings = defaultPageSettings();
    expect(settingsToHash(settings)).toBe(`${V}&w=cnn`);
    expect(settingsToHash({ ...settings, cnn: { ...settings.cnn, model: 'mlp', batchSize: '16' } })).toBe(`${V}&w=cnn&model=mlp&batchSize=16`);
    expect(settingsToHash({ ...settings, view: 'gan', gan: { ...settings.gan, digit: '3' } })).toBe(`${V}&w=gan&digit=3`);
    expect(settingsToHash({ ...settings, view: 'history' })).toBe(`${V}&view=history`);
    expect(settingsToHash({ ...settings, view: 'lab' })).toBe(`${V}&view=lab`);
  });

  it('round-trips every view, every lab job setting included', () => {
    const base = defaultPageSettings();
    const cases: PageSettings[] = [
      { ...base, cnn: { ...base.cnn, backend: 'cpu', model: 'mlp', learningRate: '0.01', seed: '7' } },
      { ...base, view: 'gan', gan: { ...base.gan, model: 'dcgan', labelSmoothing: 'on', steps: '200' } },
      { ...base, view: 'lab' },
      { ...base, view: 'lab', lab: { ...base.lab, model: 'tiny', batchSize: '16', warmupSteps: '3', measuredSteps: '20', backends: 'cpu,wasm', matmulTo: '512', everyK: '4', profileBackend: 'cpu' } },
      { ...base, view: 'history' },
    ];
    for (const settings of cases) expect(roundTrip(settings)).toEqual(settings);
  });

  it('writes invalid form values as their defaults, and carries an open shared result', () => {
    const settings = defaultPageSettings();
    expect(settingsToHash({ ...settings, cnn: { ...settings.cnn, batchSize: '0' } })).toBe(`${V}&w=cnn`);
    expect(settingsToHash(settings, 'abc_-')).toBe(`${V}&w=cnn&r=abc_-`);
    expect(settingsFromHash(`${V}&w=cnn&r=abc_-`, settings).resultPayload).toBe('abc_-');
  });

  it('keeps the other views as they are when a hash is read', () => {
    const current = { ...defaultPageSettings(), gan: { ...defaultPageSettings().gan, steps: '99' } };
    const read = settingsFromHash(`${V}&w=cnn&model=tiny`, current);
    expect(read.settings.cnn.model).toBe('tiny');
    expect(read.settings.gan.steps).toBe('99');
    expect(english(read.errors)).toEqual([]);
  });

  it('reports what it cannot read, with the table’s message, and falls back to defaults for it only', () => {
    const read = settingsFromHash('#v=2&w=cnn&view=lab&model=tiny&warmupSteps=0&measuredSteps=5', defaultPageSettings());
    expect(read.settings.view).toBe('lab');
    expect(read.settings.lab).toMatchObject({ model: 'tiny', warmupSteps: '2', measuredSteps: '5' });
    expect(english(read.errors)).toEqual(["Warm-up steps must be between 1 and 100 steps (got '0')"]);

    const unknownView = settingsFromHash(`${V}&w=gan&view=settings`, defaultPageSettings());
    expect(unknownView.settings.view).toBe('gan');
    expect(english(unknownView.errors)).toEqual(["There is no view 'settings'; showing GAN studio instead"]);
  });

  it("opens a settings link without a view in its workload's view", () => {
    expect(settingsFromHash(`${V}&w=gan&steps=10`, defaultPageSettings()).settings).toMatchObject({ view: 'gan', gan: { steps: '10' } });
    expect(settingsFromHash('', defaultPageSettings()).settings).toEqual(defaultPageSettings());
  });
});
