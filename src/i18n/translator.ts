/**
 * Messages for one locale, formatted with FormatJS's ICU MessageFormat (intl-messageformat): the
 * same library react-intl runs on the page, usable here without React, so pure layers (CSV
 * headers, result documents) speak the page's language too.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALE_IDS, type Locale } from '../config/locales';
import { EN } from './catalogs/en';
import type { Message, MessageId } from './message';
import { TABLE_MESSAGES_EN } from './tableMessages';

export type { Message, MessageId } from './message';
export type MessageValues = Record<string, string | number>;

/** English is always here (it is every message's fallback); another language arrives with loadCatalog. */
const CATALOGS: Partial<Record<Locale, Readonly<Record<string, string>>>> & { en: Readonly<Record<string, string>> } = {
  en: { ...TABLE_MESSAGES_EN, ...EN },
};

/** How each other language's catalog is fetched: a chunk of its own, so English pages never download it. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Readonly<Record<string, string>>>> = {
  'zh-CN': () => import('./catalogs/zhCN.all').then((m) => m.ZH_CN_ALL),
};

export function registerCatalog(locale: Locale, messages: Readonly<Record<string, string>>): void {
  CATALOGS[locale] = messages;
}

export function hasCatalog(locale: Locale): boolean {
  return CATALOGS[locale] !== undefined;
}

/** Fetches a language's catalog once; resolves when it can be used. */
export async function loadCatalog(locale: Locale): Promise<void> {
  if (locale === 'en' || hasCatalog(locale)) return;
  registerCatalog(locale, await LOADERS[locale]());
}

/** Messages that are whole sentences whatever starts them: their first letter is raised. */
const SENTENCE_PREFIX = 'check.';

export function isSentence(id: string): boolean {
  return id.startsWith(SENTENCE_PREFIX);
}

const QUALIFIED_SETTING = /^setting\.[^.]+\.(.+)$/;

/**
 * The catalog id for an id as written: a setting named with its table (`setting.cnn.batchSize.label`,
 * how the config tables name their own settings in messages) is the shared `setting.batchSize.label`
 * wherever every table says the same of that key.
 */
export function resolveId(id: string): string {
  if (Object.hasOwn(CATALOGS.en, id)) return id;
  const shared = QUALIFIED_SETTING.exec(id);
  return shared && Object.hasOwn(CATALOGS.en, `setting.${shared[1]}`) ? `setting.${shared[1]}` : id;
}

let byEnglish: Map<string, string> | null = null;

/** The id of an English message with exactly this text and no arguments (for names recorded as data), or null. */
export function englishId(english: string): MessageId | null {
  byEnglish ??= new Map(Object.entries(CATALOGS.en).filter(([, text]) => !text.includes('{')).map(([id, text]) => [text, id]));
  return (byEnglish.get(english) as MessageId | undefined) ?? null;
}

/** Every message of a locale by id (what react-intl's provider is given); English until the locale's catalog is loaded. */
export function catalog(locale: Locale): Readonly<Record<string, string>> {
  return CATALOGS[locale] ?? CATALOGS.en;
}

export { LOCALE_IDS };

/** Formats messages of one locale; falls back to English for an id the locale lacks (the catalog test forbids that). */
export class Translator {
  private readonly formats = new Map<string, IntlMessageFormat>();

  constructor(readonly locale: Locale) {}

  t(id: MessageId, values?: MessageValues): string {
    let format = this.formats.get(id);
    if (!format) {
      const resolved = resolveId(id);
      const message = CATALOGS[this.locale]?.[resolved] ?? CATALOGS.en[resolved];
      if (message === undefined) return id;
      format = new IntlMessageFormat(message, this.locale);
      this.formats.set(id, format);
    }
    return String(format.format(values));
  }

  /** A message in this language, the messages among its values said first. */
  say(message: Message): string {
    const text = this.sayPart(message);
    // A refusal (check.*) is a sentence, though a part of a document (lowercase in the catalog) may start it.
    return isSentence(message.id) ? text.charAt(0).toLocaleUpperCase(this.locale) + text.slice(1) : text;
  }

  private sayPart(message: Message): string {
    const values: MessageValues = {};
    for (const [key, value] of Object.entries(message.values ?? {})) values[key] = typeof value === 'object' ? this.sayPart(value) : value;
    return this.t(message.id, values);
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
