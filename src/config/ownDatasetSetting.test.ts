import { describe, expect, it } from 'vitest';
import { parseCnnConfig } from './cnnConfig';
import { isOwnDatasetId, ownDatasetId } from './datasets';
import { GAN_TABLE } from './ganConfig';
import { LAB_TABLE } from './labConfig';
import { readSettings } from './schema';

const OWN = 'own:0123456789abcdef';

describe('the Data set setting and own data sets', () => {
  it('accepts an own data set id beside the shipped ones in the CNN table', () => {
    for (const dataset of ['mnist', 'fashion-mnist', OWN]) {
      const { config, errors } = parseCnnConfig({ dataset });
      expect(errors).toEqual([]);
      expect(config.dataset).toBe(dataset);
    }
  });

  it.each(['own:', 'own:0123456789ABCDEF', 'own:0123456789abcde', 'own:0123456789abcdef0', ' own:0123456789abcdef', 'own:0123456789abcdeg', 'OWN:0123456789abcdef'])(
    'refuses the malformed id %j by its rule and keeps the default',
    (dataset) => {
      const { config, errors } = parseCnnConfig({ dataset });
      expect(errors).toMatchObject([{ key: 'dataset', refusal: { rule: { code: 'oneOf', options: ['mnist', 'fashion-mnist'] } } }]);
      expect(config.dataset).toBe('mnist');
    },
  );

  it('accepts an own id in the GAN studio and the lab too, and refuses a malformed one there as well', () => {
    const gan = readSettings(GAN_TABLE, { dataset: OWN });
    const lab = readSettings(LAB_TABLE, { dataset: OWN });
    expect([gan.errors, lab.errors]).toEqual([[], []]);
    expect([gan.values.dataset, lab.values.dataset]).toEqual([OWN, OWN]);
    expect(readSettings(GAN_TABLE, { dataset: 'own:0123' }).errors).toMatchObject([{ key: 'dataset' }]);
    expect(readSettings(LAB_TABLE, { dataset: 'own:0123' }).errors).toMatchObject([{ key: 'dataset' }]);
  });

  it('makes an own id from the first 16 hex digits of a content hash', () => {
    const hash = 'ab'.repeat(32);
    expect(ownDatasetId(hash)).toBe('own:abababababababab');
    expect(isOwnDatasetId(ownDatasetId(hash))).toBe(true);
    expect(() => ownDatasetId('xyz')).toThrow(RangeError);
  });
});
