/**
 * Messages for one locale, formatted with FormatJS's ICU MessageFormat (intl-messageformat): the
 * same library react-intl runs on the page, usable here without React, so pure layers (CSV
 * headers, result documents) speak the page's language too.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALE_IDS, SOURCE_LOCALE, type Locale } from '../config/locales';
import { EN, type StaticMessageId } from './catalogs/en';
import { ZH_CN } from './catalogs/zhCN';
import { ZH_CN_TABLES } from './catalogs/zhCN.tables';
import { TABLE_MESSAGES_EN } from './tableMessages';

/** A static message's id, or a table message's generated id (setting.…, view.…, model.…). */
export type MessageId = StaticMessageId | `${'setting' | 'view' | 'model' | 'backend' | 'dataset' | 'panel' | 'preset' | 'lesson' | 'job'}.${string}`;
export type MessageValues = Record<string, string | number>;

const CATALOGS: Record<Locale, Readonly<Record<string, string>>> = {
  en: { ...TABLE_MESSAGES_EN, ...EN },
  'zh-CN': { ...ZH_CN_TABLES, ...ZH_CN },
};

let byEnglish: Map<string, string> | null = null;

/** The id of an English message with exactly this text and no arguments (for names recorded as data), or null. */
export function englishId(english: string): MessageId | null {
  byEnglish ??= new Map(Object.entries(CATALOGS.en).filter(([, text]) => !text.includes('{')).map(([id, text]) => [text, id]));
  return (byEnglish.get(english) as MessageId | undefined) ?? null;
}

/** Every message of a locale by id (what react-intl's provider is given). */
export function catalog(locale: Locale): Readonly<Record<string, string>> {
  return CATALOGS[locale];
}

export { LOCALE_IDS };

/** Formats messages of one locale; falls back to English for an id the locale lacks (the catalog test forbids that). */
export class Translator {
  private readonly formats = new Map<string, IntlMessageFormat>();

  constructor(readonly locale: Locale) {}

  t(id: MessageId, values?: MessageValues): string {
    let format = this.formats.get(id);
    if (!format) {
      const message = CATALOGS[this.locale][id] ?? CATALOGS[SOURCE_LOCALE][id];
      if (message === undefined) return id;
      format = new IntlMessageFormat(message, this.locale);
      this.formats.set(id, format);
    }
    return String(format.format(values));
  }

  /** An English text recorded as data (a chart series' name), in this locale where the catalog has it. */
  known(english: string): string {
    const id = englishId(english);
    return id ? this.t(id) : english;
  }

  /** A number in the locale's digits and grouping. */
  number(value: number, options?: Intl.NumberFormatOptions): string {
    return new Intl.NumberFormat(this.locale, options).format(value);
  }
}
