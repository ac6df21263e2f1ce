import { isLocale, type LanguageChoice, type Locale } from '../../config/locales';
import { resolveLocale } from '../../i18n/locale';
import { pageFields, withPageFields } from '../../share/pageSettings';
import { settingsStore, usePageSettings } from '../share/pageStore';

/** The language choice in the link (`lang=`), `auto` when it has none. */
export function useLanguageChoice(): LanguageChoice {
  return pageFields(usePageSettings().settings).lang;
}

/** The locale the page speaks now. */
export function useLocale(): Locale {
  return resolveLocale(useLanguageChoice(), typeof navigator === 'undefined' ? [] : navigator.languages);
}

export function setLanguage(choice: LanguageChoice): void {
  settingsStore.update((s) => withPageFields(s, { lang: isLocale(choice) || choice === 'auto' ? choice : 'auto' }), 'replace');
}
