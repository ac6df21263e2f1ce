import { describe, expect, it } from 'vitest';
import { defaultGanConfig } from '../config/ganConfig';
import { typicalRaceResult } from './fixtures/typicalRace';
import { decodeViewHash } from './hashState';
import { decodeResultLink } from './linkCodec';
import { labSettingsOfRace, viewOfResult } from './resultSettings';
import { resultUrl } from './shareLink';
import { english } from '../i18n/testing/english';

describe('the link a Share button copies', () => {
  it('opens a race in the lab and a training run in its own view', () => {
    const race = typicalRaceResult();
    expect(viewOfResult(race)).toBe('lab');
    expect(viewOfResult({ ...race, race: null })).toBe('train');
    expect(viewOfResult({ ...race, race: null, config: defaultGanConfig() })).toBe('gan');
  });

  it('carries the settings that repeat the run, its view and the whole result', async () => {
    const race = typicalRaceResult();
    const url = await resultUrl(race, 'https://example.org/play/');
    expect(url.startsWith('https://example.org/play/#v=4&view=lab&')).toBe(true);
    const hash = url.slice(url.indexOf('#'));
    expect(decodeViewHash(hash)).toMatchObject({ view: 'lab', errors: [], values: labSettingsOfRace(race) });
    const decoded = await decodeResultLink(hash);
    expect(english(decoded.errors)).toEqual([]);
    expect(decoded.result?.rows).toEqual(race.rows);
  });
});
