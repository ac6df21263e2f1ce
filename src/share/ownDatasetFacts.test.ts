import { describe, expect, it } from 'vitest';
import { english, sayable } from '../i18n/testing/english';
import { Translator } from '../i18n/translator';
import { SHAPES_FACTS, SHAPES_HASH, SHAPES_ID, SHAPES_SUMMARY } from './fixtures/ownDataset';
import { ErrorList, part } from './messages';
import { holdsOwnDataset, isOwnDatasetOf, MAX_SHARED_CLASS_NAMES, ownDatasetMessage, readSharedOwnDataset, sharedOwnDatasetOf } from './ownDatasetFacts';

const WHAT = part('check.part.ownDataset');

function read(raw: unknown, dataset: string = SHAPES_ID) {
  const errors = new ErrorList();
  const facts = readSharedOwnDataset(raw, dataset, WHAT, errors);
  const said = errors.toArray();
  expect(said.every(sayable)).toBe(true);
  return { facts, errors: english(said) };
}

const withField = (key: string, value: unknown) => ({ ...SHAPES_FACTS, [key]: value });

describe('an own data set in a shared result', () => {
  it('is built from the page’s summary: name, class count and names, sizes, the full hash', () => {
    expect(sharedOwnDatasetOf(SHAPES_SUMMARY)).toEqual(SHAPES_FACTS);
    expect(isOwnDatasetOf(SHAPES_FACTS, SHAPES_ID)).toBe(true);
    expect(isOwnDatasetOf(SHAPES_FACTS, 'own:ffffffffffffffff')).toBe(false);
    expect(isOwnDatasetOf(SHAPES_FACTS, 'mnist')).toBe(false);
  });

  it('leaves the class names out of a set with more classes than travel, keeping their count', () => {
    const many = Array.from({ length: MAX_SHARED_CLASS_NAMES + 1 }, (_, i) => `class ${i}`);
    const facts = sharedOwnDatasetOf({ ...SHAPES_SUMMARY, classNames: many });
    expect(facts.classes).toBe(MAX_SHARED_CLASS_NAMES + 1);
    expect(facts).not.toHaveProperty('classNames');
  });

  it('reads back unchanged, as a fresh object', () => {
    const raw = structuredClone(SHAPES_FACTS);
    const { facts, errors } = read(raw);
    expect(errors).toEqual([]);
    expect(facts).toEqual(SHAPES_FACTS);
    expect(facts).not.toBe(raw);
    expect(facts?.classNames).not.toBe(raw.classNames);
  });

  it('is simply absent from an older result', () => {
    expect(read(undefined)).toEqual({ facts: undefined, errors: [] });
  });

  it('is said by its name, format and size, in English and Chinese; without the format where an older link lacks it', () => {
    expect(english(ownDatasetMessage(SHAPES_FACTS))).toBe('Shapes (your own: 28 × 28 grayscale, 3 classes, 96 + 24 images)');
    expect(english(ownDatasetMessage({ ...SHAPES_FACTS, format: 'colour32' }))).toBe('Shapes (your own: 32 × 32 colour, 3 classes, 96 + 24 images)');
    expect(new Translator('zh-CN').say(ownDatasetMessage({ ...SHAPES_FACTS, trainCount: 9600 }))).toBe('Shapes（你自己的：28 × 28 灰度，3 个类别，9,600 + 24 张图像）');
    const { format: _dropped, ...older } = SHAPES_FACTS;
    expect(english(ownDatasetMessage(older))).toBe('Shapes (your own: 3 classes, 96 + 24 images)');
    expect(new Translator('zh-CN').say(ownDatasetMessage(older))).toBe('Shapes（你自己的：3 个类别，96 + 24 张图像）');
  });

  it('carries the format of a colour set, and none for a shape this version does not make', () => {
    expect(sharedOwnDatasetOf({ ...SHAPES_SUMMARY, format: { size: 32, channels: 3 } }).format).toBe('colour32');
    expect(sharedOwnDatasetOf({ ...SHAPES_SUMMARY, format: { size: 64, channels: 3 } })).not.toHaveProperty('format');
  });

  it('reads an older link without a format as it was', () => {
    const { format: _dropped, ...older } = SHAPES_FACTS;
    expect(read(older)).toEqual({ facts: older, errors: [] });
  });

  it('is held here only when a kept set has its id and its full hash', () => {
    expect(holdsOwnDataset(SHAPES_ID, SHAPES_FACTS, [SHAPES_SUMMARY])).toBe(true);
    expect(holdsOwnDataset(SHAPES_ID, undefined, [SHAPES_SUMMARY])).toBe(true);
    expect(holdsOwnDataset(SHAPES_ID, SHAPES_FACTS, [])).toBe(false);
    expect(holdsOwnDataset(SHAPES_ID, SHAPES_FACTS, [{ id: SHAPES_ID, hash: `${SHAPES_HASH.slice(0, 16)}${'f'.repeat(48)}` }])).toBe(false);
  });
});

describe('hostile own data set facts are refused, each with a sentence', () => {
  const cases: [string, unknown, string][] = [
    ['not an object', 'Shapes', 'The data set of your own is not an object and was ignored'],
    ['an empty name', withField('name', ''), 'The data set of your own was dropped: its name must be text of 1 to 80 characters'],
    ['an overlong name', withField('name', 'x'.repeat(81)), 'its name must be text of 1 to 80 characters'],
    ['a name with a control character', withField('name', 'Sha\u202epes\n'), 'its name must be text'],
    ['a name that is not text', withField('name', 42), "(got '42')"],
    ['1 class', withField('classes', 1), 'classes must be a whole number from 2 to 100 (got'],
    ['10,000 classes', withField('classes', 10_000), 'classes must be a whole number from 2 to 100'],
    ['a fractional class count', withField('classes', 2.5), 'classes must be a whole number'],
    ['no training images', withField('trainCount', 0), 'trainCount must be a whole number from 1 to 60000'],
    ['1e308 training images', withField('trainCount', 1e308), 'trainCount must be a whole number'],
    ['a negative test count', withField('testCount', -1), 'testCount must be a whole number from 0 to 60000'],
    ['a test count as text', withField('testCount', '24'), 'testCount must be a whole number'],
    ['more images than a set holds', { ...SHAPES_FACTS, trainCount: 50_000, testCount: 20_000 }, 'it holds 70000 images; the limit is 60000'],
    ['a short hash', withField('hash', 'abc'), 'its hash must be 64 lowercase hex digits'],
    ['an uppercase hash', withField('hash', SHAPES_HASH.toUpperCase()), 'its hash must be 64 lowercase hex digits'],
    ['another set’s hash', withField('hash', 'f'.repeat(64)), `its hash is not that of ${SHAPES_ID}, the data set the run used`],
  ];
  for (const [name, raw, said] of cases) {
    it(name, () => {
      const { facts, errors } = read(raw);
      expect(facts).toBeUndefined();
      expect(errors.join(' ')).toContain(said);
    });
  }

  it('facts on a run of a shipped data set', () => {
    const { facts, errors } = read(SHAPES_FACTS, 'mnist');
    expect(facts).toBeUndefined();
    expect(errors).toEqual(["The data set of your own was dropped: the run used 'mnist', not a data set of your own"]);
  });

  it('an unknown or forbidden key is said, and the facts still read', () => {
    const raw = JSON.parse(`{"name":"Shapes","classes":3,"trainCount":96,"testCount":24,"hash":"${SHAPES_HASH}","pixels":[1,2],"__proto__":{"x":1}}`) as unknown;
    const { facts, errors } = read(raw);
    expect(facts).toEqual({ name: 'Shapes', classes: 3, trainCount: 96, testCount: 24, hash: SHAPES_HASH });
    expect(errors).toEqual([expect.stringContaining('forbidden key'), expect.stringContaining("Unknown field 'pixels'")]);
  });

  const badNames: [string, unknown][] = [
    ['not a list', 'cross,ring,square'],
    ['too few', ['cross', 'ring']],
    ['too many', ['cross', 'ring', 'square', 'star']],
    ['twice the same', ['cross', 'ring', 'ring']],
    ['an overlong one', ['cross', 'ring', 'x'.repeat(41)]],
    ['one not text', ['cross', 'ring', 7]],
  ];
  for (const [name, classNames] of badNames) {
    it(`class names ${name} are ignored with a sentence; the rest is kept`, () => {
      const { facts, errors } = read(withField('classNames', classNames));
      expect(facts).toEqual({ name: 'Shapes', classes: 3, format: 'gray28', trainCount: 96, testCount: 24, hash: SHAPES_HASH });
      expect(errors).toEqual([expect.stringContaining('its class names must be 3 different texts of 1 to 40 characters')]);
    });
  }

  for (const format of ['colour', 'GRAY28', '', 28, null, ['gray28'], { size: 28, channels: 1 }]) {
    it(`a format of ${JSON.stringify(format)} is ignored with a sentence; the rest is kept`, () => {
      const { facts, errors } = read(withField('format', format));
      const { format: _dropped, ...rest } = SHAPES_FACTS;
      expect(facts).toEqual(rest);
      expect(errors).toEqual([expect.stringMatching(/its image format must be one of gray28, colour32 \(got .*\); it was ignored$/)]);
    });
  }

  it('class names of a set with more classes than travel', () => {
    const many = Array.from({ length: 11 }, (_, i) => `c${i}`);
    const { facts, errors } = read({ ...SHAPES_FACTS, classes: 11, classNames: many });
    expect(facts?.classes).toBe(11);
    expect(facts).not.toHaveProperty('classNames');
    expect(errors).toEqual([expect.stringContaining('its class names must be 10 different texts')]);
  });
});
