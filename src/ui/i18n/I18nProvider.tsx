import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { WEB_MANIFEST_FILES } from '../../config/hosting';
import { SOURCE_LOCALE } from '../../config/locales';
import { catalog, hasCatalog, loadCatalog } from '../../i18n/translator';
import { useLocale } from './useLocale';

/**
 * react-intl's provider over the page, in the locale the link, the user or the browser chose; keeps
 * <html lang> and the web app manifest (the installed app's name) in step. A language other than English loads its catalog first (its own chunk), and
 * the page speaks English for those few milliseconds.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const wanted = useLocale();
  const [, setLoaded] = useState(0);
  const ready = hasCatalog(wanted);
  useEffect(() => {
    if (!ready) void loadCatalog(wanted).then(() => setLoaded((n) => n + 1));
  }, [wanted, ready]);
  const locale = ready ? wanted : SOURCE_LOCALE;
  useEffect(() => {
    document.documentElement.lang = locale;
    document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.setAttribute('href', WEB_MANIFEST_FILES[locale]);
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={SOURCE_LOCALE} messages={catalog(locale)}>
      {children}
    </IntlProvider>
  );
}
