import { useId } from 'react';
import { LANGUAGE_CHOICES, type LanguageChoice } from '../../config/locales';
import { PAGE_TABLE } from '../../config/pageConfig';
import { setLanguage, useLanguageChoice } from './useLocale';
import { useT } from './useT';

/** The page's language: automatic (the browser's), English or Simplified Chinese; carried in the link as `lang=`. */
export function LanguagePicker() {
  const t = useT();
  const choice = useLanguageChoice();
  const id = useId();
  return (
    <span className="language-picker">
      <label htmlFor={id}>{t('app.language')}</label>
      <select id={id} data-testid="language" value={choice} onChange={(e) => setLanguage(e.target.value as LanguageChoice)}>
        {LANGUAGE_CHOICES.map((option) => (
          <option key={option} value={option} lang={option === 'auto' ? undefined : option}>
            {t.setting(PAGE_TABLE, 'lang', `option.${option}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
