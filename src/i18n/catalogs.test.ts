import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALE_IDS } from '../config/locales';
import { EN } from './catalogs/en';
import { ZH_CN_TABLES } from './catalogs/zhCN.tables';
import { resolveLocale } from './locale';
import { TABLE_MESSAGES_EN } from './tableMessages';
import { catalog, Translator } from './translator';

const sorted = (o: object) => Object.keys(o).sort();

describe('message catalogs', () => {
  it('every locale has exactly the English ids, static and from the tables', () => {
    const english = sorted(catalog('en'));
    for (const locale of LOCALE_IDS) expect(sorted(catalog(locale)), locale).toEqual(english);
    expect(sorted(ZH_CN_TABLES)).toEqual(sorted(TABLE_MESSAGES_EN));
  });

  it.each(LOCALE_IDS)('every %s message is ICU MessageFormat that parses, with the same arguments as the English', (locale) => {
    const argsOf = (message: string) =>
      parse(message)
        .filter((el) => 'value' in el && el.type !== 0)
        .map((el) => ('value' in el ? String(el.value) : ''))
        .sort();
    for (const [id, message] of Object.entries(catalog(locale))) {
      expect(() => parse(message), `${locale} ${id}`).not.toThrow();
      expect(argsOf(message), `${locale} ${id}`).toEqual(argsOf(catalog('en')[id]));
    }
  });

  it('a translated message is not the English left in place (names of products, units and languages excepted)', () => {
    const sameEverywhere = /^[\x20-\x7e×→–]*$/;
    // A language is named in its own language in every catalog.
    const autonym = (id: string) => id.startsWith('setting.lang.option.');
    const untranslated = Object.keys(catalog('en')).filter((id) => catalog('zh-CN')[id] === catalog('en')[id] && !sameEverywhere.test(catalog('en')[id]) && !autonym(id));
    expect(untranslated).toEqual([]);
    const englishProse = Object.keys(catalog('zh-CN')).filter((id) => /[a-z]{3,} [a-z]{3,} [a-z]{3,}/.test(catalog('zh-CN')[id]) && !id.startsWith('model.'));
    expect(englishProse).toEqual([]);
  });

  it('formats plurals and numbers in the locale', () => {
    expect(new Translator('en').t('run.queue.ahead', { count: 1 })).toBe('queued: 1 job ahead');
    expect(new Translator('en').t('run.queue.ahead', { count: 3 })).toBe('queued: 3 jobs ahead');
    expect(new Translator('zh-CN').t('run.queue.ahead', { count: 3 })).toBe('排队中：前面还有 3 个任务');
    expect(new Translator('zh-CN').t('view.train')).toBe('训练 CNN');
    expect(new Translator('en').number(60000)).toBe('60,000');
  });

  it('has no English text in a catalog key the English does not have', () => {
    expect(Object.keys(EN).every((id) => !id.includes(' '))).toBe(true);
  });
});

describe('resolveLocale', () => {
  it.each([
    ['auto', ['zh-CN', 'en'], 'zh-CN'],
    ['auto', ['zh'], 'zh-CN'],
    ['auto', ['zh-Hans-CN'], 'zh-CN'],
    ['auto', ['fr-FR', 'en-GB'], 'en'],
    ['auto', ['fr-FR'], 'en'],
    ['auto', [], 'en'],
    ['en', ['zh-CN'], 'en'],
    ['zh-CN', ['en-US'], 'zh-CN'],
  ] as const)('choice %s with browser %j speaks %s', (choice, languages, expected) => {
    expect(resolveLocale(choice, languages)).toBe(expected);
  });
});
