import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { SOURCE_LOCALE } from '../../config/locales';
import { catalog } from '../../i18n/translator';
import { useLocale } from './useLocale';

/** react-intl's provider over the page, in the locale the link, the user or the browser chose; keeps <html lang> in step. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={SOURCE_LOCALE} messages={catalog(locale)}>
      {children}
    </IntlProvider>
  );
}
