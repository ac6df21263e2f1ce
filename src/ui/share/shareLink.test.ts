import { describe, expect, it } from 'vitest';
import { typicalRaceResult } from '../../share/fixtures/typicalRace';
import { decodeSettings } from '../../share/hashState';
import { decodeResultLink } from '../../share/linkCodec';
import { defaultConfigOf } from '../../share/shareSchemas';
import { resultUrl, viewOfResult, withView } from './shareLink';

describe('the link a Share button copies', () => {
  it('opens a race in the lab and a training run in its own view', () => {
    const race = typicalRaceResult();
    expect(viewOfResult(race)).toBe('lab');
    expect(viewOfResult({ ...race, race: null })).toBe('train');
    expect(viewOfResult({ ...race, race: null, config: defaultConfigOf('gan') })).toBe('gan');
  });

  it('names the view before the result, only where the workload would not open there anyway', () => {
    expect(withView('#v=2&w=cnn&r=abc', 'lab', 'train')).toBe('#v=2&w=cnn&view=lab&r=abc');
    expect(withView('#v=2&w=cnn&r=abc', 'train', 'train')).toBe('#v=2&w=cnn&r=abc');
    expect(withView('#v=2&w=cnn', 'lab', 'train')).toBe('#v=2&w=cnn');
  });

  it('carries the settings, the view and the whole result', async () => {
    const race = typicalRaceResult();
    const url = await resultUrl(race, 'https://example.org/play/');
    expect(url.startsWith('https://example.org/play/#v=2&w=cnn&view=lab&r=')).toBe(true);
    const hash = url.slice(url.indexOf('#'));
    expect(decodeSettings(hash)).toMatchObject({ view: 'lab', errors: [], race: race.race });
    const decoded = await decodeResultLink(hash);
    expect(decoded.errors).toEqual([]);
    expect(decoded.result?.rows).toEqual(race.rows);
  });
});
