/** The languages the page speaks, by BCP 47 tag, each named in its own language for the picker. */
export const LOCALES = {
  en: { label: 'English' },
  'zh-CN': { label: '简体中文' },
} as const satisfies Record<string, { label: string }>;

export type Locale = keyof typeof LOCALES;
export const LOCALE_IDS = Object.keys(LOCALES) as Locale[];
export const SOURCE_LOCALE: Locale = 'en';

/** `auto` follows the browser's languages. */
export const LANGUAGE_CHOICES = ['auto', ...LOCALE_IDS] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}
