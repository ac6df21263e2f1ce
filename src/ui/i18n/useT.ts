import { useMemo, type ReactNode } from 'react';
import { useIntl, type FormatNumberOptions } from 'react-intl';
import type { BackendName } from '../../config/backends';
import { isLocale } from '../../config/locales';
import type { SettingsTable } from '../../config/schema';
import { settingId, tableIdOf } from '../../i18n/tableMessages';
import { detailOf, type Message } from '../../i18n/message';
import { englishId, Translator, type MessageId, type MessageValues } from '../../i18n/translator';

export interface T {
  (id: MessageId, values?: MessageValues): string;
  /** A message that came as data (from the worker, a validator, a store), in this locale. */
  say(message: Message): string;
  /** What anything caught says: a MessageError's message in this locale, another error's own text as it came. */
  detail(error: unknown): string;
  /** A message whose arguments are React nodes (a name in <strong>, a link), as nodes. */
  rich(id: MessageId, values: Record<string, ReactNode>): ReactNode;
  /** A setting's label, help, unit or an option's label, from the table's generated ids. */
  setting(table: SettingsTable, key: string, part: 'label' | 'help' | 'unit' | `option.${string}`): string;
  backend(name: BackendName): string;
  /** An English text the page recorded as data (a chart series' name), in this locale when the catalog has it. */
  known(english: string): string;
  number(value: number, options?: FormatNumberOptions): string;
  locale: string;
  /** The same catalogs for pure code (src/share builds sentences, names and CSV headers with it). */
  translator: Translator;
}

/** The page's translator: react-intl's formatMessage over the catalogs, typed by message id. */
export function useT(): T {
  const intl = useIntl();
  return useMemo(() => {
    const t = ((id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values)) as T;
    t.rich = (id, values) => intl.formatMessage({ id }, values);
    t.setting = (table, key, part) => intl.formatMessage({ id: `${settingId(tableIdOf(table), key)}.${part}` });
    t.backend = (name) => intl.formatMessage({ id: `backend.${name}` });
    t.known = (english) => {
      const id = englishId(english);
      return id ? intl.formatMessage({ id }) : english;
    };
    t.number = (value, options) => intl.formatNumber(value, options);
    t.locale = intl.locale;
    t.translator = new Translator(isLocale(intl.locale) ? intl.locale : 'en');
    t.say = (message) => t.translator.say(message);
    t.detail = (error) => {
      const detail = detailOf(error);
      return typeof detail === 'object' ? t.translator.say(detail) : detail;
    };
    return t;
  }, [intl]);
}
