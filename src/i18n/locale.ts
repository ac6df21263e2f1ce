import { LOCALE_IDS, SOURCE_LOCALE, type LanguageChoice, type Locale } from '../config/locales';

/**
 * The locale the page speaks: the link's or the user's choice, else the first of the browser's
 * languages that we have (any `zh` but traditional-script tags reads Simplified Chinese), else English.
 */
export function resolveLocale(choice: LanguageChoice, browserLanguages: readonly string[]): Locale {
  if (choice !== 'auto') return choice;
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    const exact = LOCALE_IDS.find((id) => id.toLowerCase() === lower);
    if (exact) return exact;
    if (lower === 'zh' || lower.startsWith('zh-cn') || lower.startsWith('zh-hans') || lower === 'zh-sg') return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return SOURCE_LOCALE;
}
